import { POLICY_CHECKABLE } from '../../../adapters/policy/invariantIds.ts';
import type { InvariantId } from '../../../model/invariants.ts';
import { observeWindow, type StateFlaw } from '../observedWindow.ts';
import { createWindowPruner } from '../windowPruner.ts';
import type { BrokenPolicyPruner } from './brokenWindow.ts';

/** A window pruner whose state around the list (src/subjects/policy/observedWindow.ts) has one deliberate defect. */
export function brokenObserved(flaw: StateFlaw, caughtBy: InvariantId): BrokenPolicyPruner {
  return {
    flaw,
    caughtBy,
    adapter: {
      kind: 'policy',
      name: `broken-${flaw}`,
      version: '0.1.0',
      description: `Window pruner that ${flaw.replace(/-/g, ' ')}`,
      package: 'prunecheck (in-repo, broken on purpose)',
      invariants: POLICY_CHECKABLE,
      asynchronousPrune: true,
      create: (model, config) => observeWindow(createWindowPruner(model, config), config, [flaw]),
    },
  };
}
