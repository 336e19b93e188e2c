import type { PlannedMutant } from './enumerateMutants.ts';
import { matchTriage } from './matchTriage.ts';
import { MutationError } from './MutationError.ts';
import type { MutantKey } from './MutantKey.ts';
import type { SampleLocation } from './pluginEnv.ts';
import { nodesOf } from './sampleMutants.ts';
import type { TriageEntry } from './Triage.ts';

/** What a focused run re-runs: the mutants the triage calls gaps, or every mutant starting on named lines. */
export type Focus = { readonly kind: 'gaps' } | { readonly kind: 'lines'; readonly lines: readonly { readonly file: string; readonly line: number }[] };

/** The nodes a focused run mutates, and the gap entries no mutant of today's model matched (their code is gone). */
export interface FocusedMutants {
  readonly picked: readonly PlannedMutant[];
  readonly locations: readonly SampleLocation[];
  readonly missing: readonly MutantKey[];
}

/** Parses `--mutate file.ts:line` (1-based line, as reports show it). */
export function parseFocusLine(text: string): { file: string; line: number } {
  const match = /^([\w.-]+\.ts):(\d+)$/.exec(text.trim());
  if (match === null || Number(match[2]) < 1) throw new MutationError('BAD_ARGUMENT', `--mutate '${text}': expected <file>.ts:<line> as the report names a mutant (runAppend.ts:17), the file's name inside src/model`);
  return { file: match[1] as string, line: Number(match[2]) };
}

/**
 * Finds the focus in today's model. Gaps are found by their triage key (exact, or on their code alone when it
 * moved, as the report matches them); lines by file and 1-based line. A line with no mutant is refused.
 */
export function focusMutants(mutants: readonly PlannedMutant[], focus: Focus, entries: readonly TriageEntry[]): FocusedMutants {
  if (focus.kind === 'gaps') {
    const gaps = entries.filter((e) => e.status === 'gap');
    const { matches } = matchTriage(mutants.map((m) => m.key), gaps);
    const picked = mutants.filter((_, i) => matches[i] !== undefined);
    const found = new Set(matches.filter((m) => m !== undefined).map((m) => m.entry));
    const missing = gaps.filter((g) => !found.has(g)).map(({ file, scope, mutator, original, replacement, context, nth }) => ({ file, scope, mutator, original, replacement, context, ...(nth === undefined ? {} : { nth }) }));
    return { picked, locations: nodesOf(picked), missing };
  }
  const picked: PlannedMutant[] = [];
  for (const { file, line } of focus.lines) {
    const here = mutants.filter((m) => m.file === file && m.range.start.line + 1 === line);
    if (here.length === 0) throw new MutationError('BAD_ARGUMENT', `--mutate ${file}:${line}: no mutant of src/model starts on that line; name a line the report lists`);
    picked.push(...here);
  }
  return { picked, locations: nodesOf(picked), missing: [] };
}
