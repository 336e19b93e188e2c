import fc from 'fast-check';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { evaluatePolicyRun } from '../../check/policy/evaluatePolicyRun.ts';
import { policyCaseArbitrary } from '../../gen/policy/PolicyCase.ts';
import type { InvariantId } from '../../model/invariants.ts';
import { runPolicyCase } from './runPolicyCase.ts';

/** When a policy check at one seed first meets each of the findings sought: the 1-based case, or undefined within `maxRuns`. */
export interface PolicyDetectionSeed {
  readonly seed: number;
  readonly runsToFirst: Readonly<Partial<Record<InvariantId, number>>>;
  readonly ms: number;
}

/**
 * Time to detect in policy mode: the generated cases of a check at `seed` (the same cases, in the same order,
 * as `checkPolicyAdapter` draws), each run once, until every invariant in `sought` has broken or `maxRuns`
 * cases ran. A finding the check makes at `--runs N` is one whose first case is at most N (the check's
 * properties replay exactly these cases, so the first failing case fails its property).
 */
export async function policyTimeToDetect(adapter: PolicyAdapter, sought: readonly InvariantId[], seed: number, maxRuns: number): Promise<PolicyDetectionSeed> {
  const started = performance.now();
  const runsToFirst: Partial<Record<InvariantId, number>> = {};
  const cases = fc.sample(policyCaseArbitrary(), { seed, numRuns: maxRuns });
  for (const [index, c] of cases.entries()) {
    const open = sought.filter((id) => runsToFirst[id] === undefined);
    if (open.length === 0) break;
    const run = await runPolicyCase(adapter, c);
    for (const id of open) if (evaluatePolicyRun(run, id)?.invariant === id) runsToFirst[id] = index + 1;
  }
  return { seed, runsToFirst, ms: Math.round(performance.now() - started) };
}
