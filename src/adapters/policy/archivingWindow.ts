import { POLICY_CHECKABLE } from './invariantIds.ts';
import type { PolicyAdapter } from './PolicyAdapter.ts';
import { createWindowPruner } from './windowPruner.ts';

/** prunecheck's own message-list pruner (src/adapters/policy/windowPruner.ts): the one that passes. */
export const archivingWindowAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'archiving-window',
  version: '0.1.0',
  description: 'In-repo window pruner: keeps system, user statements and tool pairs; summarizes with provenance; archives originals',
  package: 'prunecheck (in-repo)',
  invariants: POLICY_CHECKABLE,
  create: (model, config) => createWindowPruner(model, config),
};

export default archivingWindowAdapter;
