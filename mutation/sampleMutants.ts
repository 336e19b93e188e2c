import seedrandom from 'seedrandom';
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

/**
 * Picks `size` mutants out of `mutants` (in their stable order) with a seeded Fisher-Yates shuffle. Stryker
 * mutates whole nodes, so a picked mutant brings the other mutants of its node with it (`cond` → `true` brings
 * `cond` → `false`): `locations` lists each picked node once, and the run tests every mutant at those nodes.
 */
export function sampleMutants(mutants: readonly PlannedMutant[], size: number, seed: number): MutantSample {
  const random = seedrandom(String(seed));
  const order = [...mutants];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as PlannedMutant, order[i] as PlannedMutant];
  }
  const picked = order.slice(0, Math.min(size, order.length));
  const locations: SampleLocation[] = [];
  for (const m of picked) if (!locations.some((l) => l.file === m.file && sameLocation(l.range, m.range))) locations.push({ file: m.file, range: m.range });
  return { seed, picked, locations };
}

/** Stryker `mutate` patterns for the sample's locations (`file:line:column-line:column`, lines from 1, columns from 0). */
export function mutatePatterns(prefix: string, locations: readonly SampleLocation[]): string[] {
  return locations.map(({ file, range }) => `${prefix}/${file}:${range.start.line + 1}:${range.start.column}-${range.end.line + 1}:${range.end.column}`);
}
