import type { InvariantId } from '../../model/invariants.ts';

/**
 * The invariants policy mode observes (src/check/policy/invariants.ts), for adapters to claim. Kept here so
 * an adapter module need not import the checker.
 */
export const POLICY_CHECKABLE: readonly InvariantId[] = [
  'INV-01', 'INV-03', 'INV-04', 'INV-05', 'INV-09', 'INV-16', 'INV-17', 'INV-18', 'INV-19',
  'INV-20', 'INV-21', 'INV-22', 'INV-23', 'INV-24', 'INV-25', 'INV-26', 'INV-30', 'INV-31', 'INV-32',
  'INV-33', 'INV-34', 'INV-35',
  'INV-36', 'INV-37', 'INV-38',
];
