import { brokenWindow, type BrokenPolicyPruner } from './brokenWindow.ts';

/** One broken pruner per policy invariant (INV-09 is also caught through `no-archive`). */
export const BROKEN_POLICY_PRUNERS: readonly BrokenPolicyPruner[] = [
  brokenWindow('no-archive', 'INV-01'),
  brokenWindow('silent-drop', 'INV-03'),
  brokenWindow('reuses-ids', 'INV-04'),
  brokenWindow('no-provenance', 'INV-05'),
  brokenWindow('no-archive', 'INV-09'),
  brokenWindow('deletes-on-failure', 'INV-16'),
  brokenWindow('summarizes-users', 'INV-17'),
  brokenWindow('splits-tool-pairs', 'INV-18'),
  brokenWindow('drops-system', 'INV-19'),
];
