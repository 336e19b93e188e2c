import { POLICY_CHECKABLE } from '../../../adapters/policy/invariantIds.ts';
import type { PolicyAdapter } from '../../../adapters/policy/PolicyAdapter.ts';
import type { InvariantId } from '../../../model/invariants.ts';
import type { StateChoice } from '../observedWindow.ts';
import type { WindowChoice } from '../windowPruner.ts';
import type { LegalPolicyPruner } from './index.ts';

/** The in-repo adapter of a legal pruner: named after its choice, claiming every checkable invariant. */
export function legalPruner(choice: WindowChoice | StateChoice, leftOpenBy: InvariantId, description: string, create: PolicyAdapter['create']): LegalPolicyPruner {
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
      create,
    },
  };
}
