import type { MutantKey } from './MutantKey.ts';
import type { TriageEntry } from './Triage.ts';

/** How a mutant found its entry: on every key field, or on all but its scope and line text (the code moved). */
export type MatchKind = 'exact' | 'moved';

export interface TriageMatch<E extends MutantKey = TriageEntry> {
  readonly entry: E;
  readonly how: MatchKind;
}

export interface TriageMatching<E extends MutantKey = TriageEntry> {
  /** For each mutant (same index), its entry, if one matched. */
  readonly matches: readonly (TriageMatch<E> | undefined)[];
  /** Entries no mutant matched. */
  readonly unmatched: readonly E[];
}

function fullKey(k: MutantKey): string {
  return JSON.stringify([k.file, k.scope, k.mutator, k.original, k.replacement, k.context, k.nth ?? 1]);
}

function codeKey(k: MutantKey): string {
  return JSON.stringify([k.file, k.mutator, k.original, k.replacement]);
}

/**
 * Matches mutants to triage entries one to one, never by line number. First on every key field (`nth` tells
 * identical code on one line apart; identical entries are taken in order); then,
 * for what is left, on file, mutator, original and replacement alone, when exactly one mutant and one entry share
 * them: the mutant's line or function changed around it (`moved`: refresh the entry).
 */
export function matchTriage<E extends MutantKey = TriageEntry>(mutants: readonly MutantKey[], entries: readonly E[]): TriageMatching<E> {
  const matches: (TriageMatch<E> | undefined)[] = mutants.map(() => undefined);
  const used = new Set<number>();
  const byFull = new Map<string, number[]>();
  entries.forEach((entry, i) => byFull.set(fullKey(entry), [...(byFull.get(fullKey(entry)) ?? []), i]));
  mutants.forEach((mutant, m) => {
    const candidates = byFull.get(fullKey(mutant));
    const i = candidates?.shift();
    if (i === undefined) return;
    used.add(i);
    matches[m] = { entry: entries[i] as E, how: 'exact' };
  });

  const leftMutants = new Map<string, number[]>();
  mutants.forEach((mutant, m) => {
    if (matches[m] === undefined) leftMutants.set(codeKey(mutant), [...(leftMutants.get(codeKey(mutant)) ?? []), m]);
  });
  const leftEntries = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    if (!used.has(i)) leftEntries.set(codeKey(entry), [...(leftEntries.get(codeKey(entry)) ?? []), i]);
  });
  for (const [key, ms] of leftMutants) {
    const is = leftEntries.get(key);
    if (ms.length !== 1 || is?.length !== 1) continue;
    const [m] = ms as [number];
    const [i] = is as [number];
    used.add(i);
    matches[m] = { entry: entries[i] as E, how: 'moved' };
  }
  return { matches, unmatched: entries.filter((_, i) => !used.has(i)) };
}
