import type { MutantKey } from './MutantKey.ts';
import type { MutationReport } from './MutationReport.ts';

/** An untriaged survivor as a triage entry to complete: its key and line, with `status` and `reason` to fill. */
export type EntryToFill = MutantKey & { readonly line: number; readonly status: 'equivalent | gap'; readonly reason: string };

/** The untriaged survivors of a report, ready to be judged and moved into mutation/triage.json. */
export function untriagedEntries(report: MutationReport): EntryToFill[] {
  return report.survivors
    .filter((s) => s.triage === 'untriaged')
    .map(({ file, scope, mutator, original, replacement, context, nth, line, status }) => ({ file, scope, mutator, original, replacement, context, ...(nth === undefined ? {} : { nth }), line, status: 'equivalent | gap', reason: status === 'NoCoverage' ? 'no seed reached it: ' : '' }));
}
