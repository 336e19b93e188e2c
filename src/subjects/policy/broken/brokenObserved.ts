import type { InvariantId } from '../../../model/invariants.ts';
import { observeWindow, type StateFlaw } from '../observedWindow.ts';
import { createWindowPruner } from '../windowPruner.ts';
import { brokenPruner, type BrokenPolicyPruner } from './brokenWindow.ts';

/** A window pruner whose state around the list (src/subjects/policy/observedWindow.ts) has one deliberate defect. */
export function brokenObserved(flaw: StateFlaw, caughtBy: InvariantId): BrokenPolicyPruner {
  return brokenPruner(flaw, caughtBy, {
    description: `Window pruner that ${flaw.replace(/-/g, ' ')}`,
    asynchronousPrune: true,
    create: (model, config) => observeWindow(createWindowPruner(model, config), config, [flaw]),
  });
}
