import { approvalRequestsOf } from '../../adapters/policy/approvals.ts';
import { isKept } from './messageQueries.ts';
import type { PolicyObservation } from './PolicyObservation.ts';

/**
 * The situation INV-33's approval rules need a run to reach: a prune that removed messages from a list holding
 * a tool call that waited for the user's approval, so the request, its decision and its call can come apart.
 */
export function approvalSituations(obs: readonly PolicyObservation[], bump: (name: string, reached: boolean) => void): void {
  bump('approval-pruned', obs.some((o) => o.before.some((m) => !isKept(m, o.after)) && o.before.some((m) => approvalRequestsOf(m).length > 0)));
}
