import type { InvariantId } from '../../model/invariants.ts';
import type { PolicyCaseRun } from './PolicyCaseRun.ts';
import { POLICY_CHECKS } from './invariants.ts';

/** The first round at which `invariant` breaks in `run`, with the sentences that explain it. */
export interface PolicyBreach {
  readonly invariant: InvariantId | 'ADAPTER-ERROR';
  readonly round: number;
  readonly because: readonly string[];
}

/** Checks one invariant over every round of a run. An adapter error is a breach of its own kind. */
export function evaluatePolicyRun(run: PolicyCaseRun, invariant: InvariantId): PolicyBreach | undefined {
  const check = POLICY_CHECKS[invariant];
  if (check === undefined) throw new Error(`${invariant} is not observable in policy mode; observable: ${Object.keys(POLICY_CHECKS).join(', ')}`);
  for (const observation of run.observations) {
    const because = check(observation);
    if (because.length > 0) return { invariant, round: observation.round, because };
  }
  if (run.adapterError !== undefined) {
    return { invariant: 'ADAPTER-ERROR', round: run.adapterError.round, because: [`the adapter threw in round ${run.adapterError.round}: ${run.adapterError.message}`] };
  }
  return undefined;
}
