import type { InvariantId } from '../../model/invariants.ts';

/**
 * The invariants policy mode observes (src/check/policy/invariants.ts), for adapters to claim. Kept here so
 * an adapter module need not import the checker.
 */
export const POLICY_CHECKABLE: readonly InvariantId[] = ['INV-01', 'INV-03', 'INV-04', 'INV-05', 'INV-09', 'INV-16', 'INV-17', 'INV-18', 'INV-19'];
