import { brokenWindow, type BrokenPolicyPruner } from './brokenWindow.ts';
import { brokenObserved } from './brokenObserved.ts';
import { archivesLongUsers } from './archivesLongUsers.ts';
import { splitsThreeCalls } from './splitsThreeCalls.ts';
import { stripsApprovalRequests } from './stripsApprovalRequests.ts';

/** One broken pruner per policy invariant (`silent-drop` also answers for INV-09: the other variants keep request ids in their summary's anchors). */
export const BROKEN_POLICY_PRUNERS: readonly BrokenPolicyPruner[] = [
  brokenWindow('no-archive', 'INV-01'),
  brokenWindow('silent-drop', 'INV-03'),
  brokenWindow('reuses-ids', 'INV-04'),
  brokenWindow('no-provenance', 'INV-05'),
  brokenWindow('silent-drop', 'INV-09'),
  brokenWindow('deletes-on-failure', 'INV-16'),
  brokenWindow('summarizes-users', 'INV-17'),
  brokenWindow('splits-tool-pairs', 'INV-18'),
  brokenWindow('drops-system', 'INV-19'),
  brokenWindow('drops-in-flight', 'INV-20'),
  brokenWindow('truncates-reasoning', 'INV-21'),
  brokenWindow('no-progress-guard', 'INV-22'),
  brokenWindow('summary-as-user', 'INV-23'),
  brokenWindow('forgets-done', 'INV-24'),
  brokenWindow('ledger-ids-only', 'INV-25'),
  brokenWindow('resets-state', 'INV-26'),
  brokenWindow('trusts-summary', 'INV-30'),
  brokenWindow('trusts-attribution', 'INV-31'),
  brokenWindow('reattaches-standing', 'INV-32'),
  brokenWindow('summary-leads', 'INV-33'),
  brokenWindow('strips-attachments', 'INV-34'),
  brokenWindow('repeats-secrets', 'INV-35'),
  brokenObserved('stale-read-cache', 'INV-36'),
  brokenObserved('overwrites-arrivals', 'INV-37'),
  brokenObserved('claims-compaction', 'INV-38'),
  archivesLongUsers,
  splitsThreeCalls,
  stripsApprovalRequests,
];
