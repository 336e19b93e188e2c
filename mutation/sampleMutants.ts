import { createHash } from 'node:crypto';
import type { PlannedMutant } from './enumerateMutants.ts';
import { sameLocation } from './SourceRange.ts';
import type { SampleLocation } from './pluginEnv.ts';

/** The CI sample's defaults: a fixed seed, so the same model always gets the same sample. */
export const SAMPLE_DEFAULTS = { size: 60, seed: 20_261_111 } as const;

/** A seeded sample: the picked mutants, and the places (nodes) Stryker is told to mutate for them. */
export interface MutantSample {
  readonly seed: number;
  readonly picked: readonly PlannedMutant[];
  readonly locations: readonly SampleLocation[];
}

/** A mutant's place in the draw: a hash of the seed and its key, which no other mutant's presence changes. */
function rank(seed: number, mutant: PlannedMutant): string {
  return createHash('sha256').update(`${seed}\n${JSON.stringify(mutant.key)}`, 'utf8').digest('hex');
}

/**
 * Picks the `size` mutants whose keys hash lowest with the seed. A mutant is picked or not by its own key alone
 * (its file, function, code and line text, never its line number or its place in the list), so an edit elsewhere
 * in the model leaves the sample as it was: only mutants of changed or new code can enter it, each pushing out
 * at most one. Stryker mutates whole nodes, so a picked mutant brings the other mutants of its node with it
 * (`cond` → `true` brings `cond` → `false`): `locations` lists each picked node once, and the run tests every
 * mutant at those nodes.
 */
export function sampleMutants(mutants: readonly PlannedMutant[], size: number, seed: number): MutantSample {
  const ranked = mutants.map((mutant) => ({ mutant, rank: rank(seed, mutant) })).sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  const picked = ranked.slice(0, Math.min(size, ranked.length)).map((r) => r.mutant);
  return { seed, picked, locations: nodesOf(picked) };
}

/** The nodes of some mutants, each once, in the mutants' order: what Stryker is told to mutate for them. */
export function nodesOf(mutants: readonly PlannedMutant[]): SampleLocation[] {
  const locations: SampleLocation[] = [];
  for (const m of mutants) if (!locations.some((l) => l.file === m.file && sameLocation(l.range, m.range))) locations.push({ file: m.file, range: m.range });
  return locations;
}

/** Stryker `mutate` patterns for the sample's locations (`file:line:column-line:column`, lines from 1, columns from 0). */
export function mutatePatterns(prefix: string, locations: readonly SampleLocation[]): string[] {
  return locations.map(({ file, range }) => `${prefix}/${file}:${range.start.line + 1}:${range.start.column}-${range.end.line + 1}:${range.end.column}`);
}
