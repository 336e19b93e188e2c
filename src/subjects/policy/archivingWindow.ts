import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { createWindowPruner } from './windowPruner.ts';
import { observeWindow } from './observedWindow.ts';

/** prunecheck's own message-list pruner (src/subjects/policy/windowPruner.ts): the one that passes. */
export const archivingWindowAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'archiving-window',
  version: '0.1.0',
  description: 'In-repo window pruner: keeps system, user statements, tool pairs and calls in flight; summarizes with provenance and call anchors when that shrinks the list; archives originals; keeps agent state outside the list',
  package: 'prunecheck (in-repo)',
  invariants: POLICY_CHECKABLE,
  // With a read cache, a queue for arrivals and a report of each step (INV-36…INV-38, src/subjects/policy/observedWindow.ts).
  asynchronousPrune: true,
  create: (model, config) => observeWindow(createWindowPruner(model, config), config),
};

export default archivingWindowAdapter;
