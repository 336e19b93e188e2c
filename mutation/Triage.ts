import type { MutantKey } from './MutantKey.ts';

export const TRIAGE_FORMAT = 'prunecheck-mutation-triage/1';

/**
 * A surviving mutant, judged. `equivalent`: no conformant-or-not difference the adapter contract can show (the
 * reason says why, in one line). `gap`: a real defect the suite misses; `fix` says which generator or checker
 * change would kill it, `area` where that change goes.
 */
export type TriageEntry = MutantKey & {
  /** Where the mutant was when it was triaged (1-based): a hint for readers, never matched on. */
  readonly line?: number;
} & (
    | { readonly status: 'equivalent'; readonly reason: string }
    | { readonly status: 'gap'; readonly reason: string; readonly fix: string; readonly area: string }
  );

/** mutation/triage.json. */
export interface TriageFile {
  readonly format: typeof TRIAGE_FORMAT;
  readonly entries: readonly TriageEntry[];
}
