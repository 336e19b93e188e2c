import { POLICY_CHECKABLE } from '../../../adapters/policy/invariantIds.ts';
import type { InvariantId } from '../../../model/invariants.ts';
import { observeWindow, type StateChoice } from '../observedWindow.ts';
import { createWindowPruner } from '../windowPruner.ts';
import type { LegalPolicyPruner } from './index.ts';

/** A window pruner whose state around the list (src/subjects/policy/observedWindow.ts) makes a choice the spec leaves open. */
export function legalObserved(choice: StateChoice, leftOpenBy: InvariantId, description: string): LegalPolicyPruner {
  return {
    choice,
    leftOpenBy,
    adapter: {
      kind: 'policy',
      name: `legal-${choice}`,
      version: '0.1.0',
      description,
      package: 'prunecheck (in-repo, a legal choice)',
      invariants: POLICY_CHECKABLE,
      asynchronousPrune: true,
      create: (model, config) => observeWindow(createWindowPruner(model, config), config, [], [choice]),
    },
  };
}
