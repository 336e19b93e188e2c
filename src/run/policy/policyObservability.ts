import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyCaseRun } from '../../check/policy/PolicyCaseRun.ts';
import type { InvariantId } from '../../model/invariants.ts';
import type { InvariantResult } from '../CheckReport.ts';

/** The optional observations of the policy contract some invariants cannot be judged without (spec/ADAPTER.md). */
export interface PolicyExposure {
  /** Some step reported `held` (INV-36). */
  held: boolean;
  /** Some step reported `outcome` (INV-38). */
  outcome: boolean;
}

export function noExposure(): PolicyExposure {
  return { held: false, outcome: false };
}

/** Records which optional observations `run`'s steps carried. */
export function noteExposure(run: PolicyCaseRun, into: PolicyExposure): void {
  for (const o of run.observations) {
    if (o.held !== undefined) into.held = true;
    if (o.outcome !== undefined) into.outcome = true;
  }
}

/**
 * Why `invariant` cannot be judged on `adapter` (`not observable, expose …`), or undefined. As in runtime mode
 * (src/check/runtime/invariantNeeds.ts), a rule about state only the library can show is never reported passed
 * on a library that does not show it: INV-36 needs `held`, INV-37 the `asynchronousPrune` declaration, INV-38 `outcome`.
 */
export function policyUnobservable(invariant: InvariantId, adapter: PolicyAdapter, exposed: PolicyExposure): string | undefined {
  if (invariant === 'INV-36' && !exposed.held) return "not observable, expose step().held (what the library's read cache, file snapshots or dedup map say the model holds)";
  if (invariant === 'INV-37' && adapter.asynchronousPrune === undefined) return 'not observable, declare asynchronousPrune (and implement arrive() when it is true)';
  if (invariant === 'INV-38' && !exposed.outcome) return 'not observable, expose step().outcome (what the library reports it did: compacted, counts, tokens saved)';
  return undefined;
}

/** A passed result for an invariant the adapter does not let prunecheck observe becomes `unknown`. */
export function withObservability(results: readonly InvariantResult[], adapter: PolicyAdapter, exposed: PolicyExposure): InvariantResult[] {
  return results.map((r) => {
    if (r.status !== 'passed') return r;
    const reason = policyUnobservable(r.invariant, adapter, exposed);
    return reason === undefined ? r : { invariant: r.invariant, status: 'unknown', reason };
  });
}
