import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { POLICY_INVARIANT_IDS } from '../../check/policy/invariants.ts';
import { INVARIANT_IDS } from '../../model/invariants.ts';
import { describeInterruption, type Interruption } from '../interruption.ts';
import { policyReportHeader } from './policyReportHeader.ts';
import type { PolicyCheckReport, PolicyViolation } from './checkPolicyAdapter.ts';
import { describeTimeouts, type PolicyTimeout } from './PolicyTimeout.ts';
import type { StepBudget } from './stepBudget.ts';

/**
 * What a policy check reports when it is stopped from outside (a signal, or a step that blocked the process
 * past its budget, which no timer can cut short in-process): verdict `unknown` (or the findings so far), the
 * case it was in (seed and path), the cases done, and the flag to raise. Synchronous: it runs in a signal handler.
 */
export function interruptedPolicyReport(
  adapter: PolicyAdapter,
  seed: number,
  why: Interruption,
  current: { readonly path: string; readonly done: number },
  runs: number,
  budget: StepBudget,
  timeouts: readonly PolicyTimeout[],
  violations: readonly PolicyViolation[],
  situations: Readonly<Record<string, number>>,
  durationMs: number,
): PolicyCheckReport {
  const where = `in the case at seed ${seed} path ${current.path} (${current.done} of ${runs} cases were done before it)`;
  const hint = why.kind === 'stall' ? `; raise --op-timeout (now ${budget.ms} ms) if the library is slow rather than stuck, or run it out of process so a stuck step ends only its case` : '';
  const error = [`${describeInterruption(why)}, ${where}${hint}`, ...(timeouts.length === 0 ? [] : [describeTimeouts(timeouts, current.done)])].join('; ');
  const claimed = new Set<string>(adapter.invariants);
  return {
    ...policyReportHeader(adapter),
    verdict: violations.length > 0 ? 'violation' : 'unknown',
    error,
    seed,
    runs: current.done,
    opsChecked: 0,
    opsPerSecond: 0,
    durationMs: Math.max(1, durationMs),
    invariants: INVARIANT_IDS.filter((id) => POLICY_INVARIANT_IDS.includes(id)).map((invariant) => ({ invariant, status: claimed.has(invariant) ? 'inconclusive' : 'not-claimed' })),
    violations,
    situations,
    timeouts,
    stepBudget: budget,
  };
}
