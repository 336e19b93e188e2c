import fc from 'fast-check';
import type { OperationKind } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';

/** Small windows, so generated episodes meet capacity; a store that cannot tell absent from expired now and then. */
export const configArbitrary: fc.Arbitrary<RuntimeConfig> = fc.record({
  capacity: fc.integer({ min: 120, max: 700 }),
  storeDistinguishesAbsent: fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 }),
});

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
