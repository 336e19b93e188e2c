import type { InvariantId } from '../model/invariants.ts';

/**
 * What broke. `invariant` names a rule of spec/SPEC.md; `DIFFERENTIAL` an outcome that differs from the
 * reference model's for the same state; `ADAPTER-ERROR` an operation that threw or a malformed observation;
 * `TIMEOUT` an operation that did not answer within the per-operation timeout.
 */
export type FindingKind = InvariantId | 'DIFFERENTIAL' | 'ADAPTER-ERROR' | 'TIMEOUT';
