import fc from 'fast-check';
import type { OperationKind } from '../../model/Operation.ts';
import { DEFAULT_MARKER_TOKENS, type RuntimeConfig } from '../../model/ReferenceRuntime.ts';

/**
 * A window's capacity from a draw `x` in 0…599: 6…120 tokens for the first 20 draws (tiny windows, one run in
 * thirty), 121…700 for the rest. Monotone, so shrinking `x` toward 0 shrinks the window toward the smallest
 * capacity that still fails, and a "fill the window" trace needs as few appends as the failure allows.
 */
export function capacityOf(x: number): number {
  return x < 20 ? 6 * (x + 1) : x + 101;
}

/**
 * What an index entry costs in a generated window (INV-29): seed 002's ~15 tokens, and a quarter of a tiny window
 * at most, so that the window keeps room for spans besides its markers (and `markerTokens` stays below capacity).
 */
export function markerTokensOf(capacity: number): number {
  return Math.min(DEFAULT_MARKER_TOKENS, Math.floor(capacity / 4));
}

/**
 * Small windows, so generated episodes meet capacity and crowd their markers; a store that cannot tell absent from
 * expired now and then. What an in-window entry costs is said in the config.
 */
export const configArbitrary: fc.Arbitrary<RuntimeConfig> = fc
  .record({
    capacity: fc.noBias(fc.integer({ min: 0, max: 599 })).map(capacityOf),
    storeDistinguishesAbsent: fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 }),
  })
  .map((config) => ({ ...config, markerTokens: markerTokensOf(config.capacity) }));

/**
 * Swarm testing: each run switches off a random subset of the supported operation kinds (appends always stay),
 * so interactions that a uniform mix makes rare are reached.
 */
export function swarmArbitrary(supported: readonly OperationKind[]): fc.Arbitrary<ReadonlySet<OperationKind>> {
  const optional = supported.filter((kind) => kind !== 'append');
  return fc
    .subarray(optional, { minLength: Math.min(3, optional.length) })
    .map((kinds) => new Set<OperationKind>(supported.includes('append') ? ['append', ...kinds] : kinds));
}
