import type { InvariantId } from '../../../model/invariants.ts';
import { observeWindow, type StateChoice } from '../observedWindow.ts';
import { createWindowPruner } from '../windowPruner.ts';
import type { LegalPolicyPruner } from './index.ts';
import { legalPruner } from './legalPruner.ts';

/** A window pruner whose state around the list (src/subjects/policy/observedWindow.ts) makes a choice the spec leaves open. */
export function legalObserved(choice: StateChoice, leftOpenBy: InvariantId, description: string): LegalPolicyPruner {
  return legalPruner(choice, leftOpenBy, description, (model, config) => observeWindow(createWindowPruner(model, config), config, [], [choice]));
}
