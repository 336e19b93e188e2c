import { POLICY_STEP_TIMEOUT_MS } from './policyDefaults.ts';

/** How long one `step` may take in a policy check, and why: `--op-timeout`, the default, or measured. */
export interface StepBudget {
  readonly ms: number;
  /** `flag`: set by --op-timeout; `default`: the default, the library was not measured slow; `measured`: raised from the first rounds. */
  readonly source: 'flag' | 'default' | 'measured';
  /** The first cases' steps the budget was measured from: how many, and their median in ms. */
  readonly measured?: { readonly steps: number; readonly medianMs: number; readonly cases: number };
}

/** Cases whose steps are timed before the budget is set: the first rounds of the check. */
export const BUDGET_CASES = 3;
/** A budget is this many times the median step of the first rounds. */
export const BUDGET_FACTOR = 20;
/** The most a measured budget may be: past it a step is stuck, however slow the library. */
export const BUDGET_MAX_MS = 60_000;

/**
 * The per-step budget for the rest of the check, from the steps of its first cases. A library whose steps are
 * slow (20 times its median step is over the default 5 s: a step over 250 ms) gets 20 times that step,
 * up to a minute, so its ordinary slow steps are not taken for stuck ones; any other library keeps the default.
 * An explicit --op-timeout is always kept as given.
 */
export function stepBudget(explicitMs: number | undefined, firstStepsMs: readonly number[], cases: number): StepBudget {
  if (explicitMs !== undefined) return { ms: explicitMs, source: 'flag' };
  const sorted = [...firstStepsMs].sort((a, b) => a - b);
  const medianMs = sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(0.5 * sorted.length))] as number);
  const measured = { steps: sorted.length, medianMs, cases };
  const wanted = Math.min(BUDGET_MAX_MS, BUDGET_FACTOR * medianMs);
  return wanted > POLICY_STEP_TIMEOUT_MS ? { ms: wanted, source: 'measured', measured } : { ms: POLICY_STEP_TIMEOUT_MS, source: 'default', measured };
}

/** One sentence for reports. */
export function describeStepBudget(b: StepBudget): string {
  if (b.source === 'flag') return `per-step budget ${b.ms} ms (--op-timeout)`;
  const basis = b.measured === undefined ? '' : ` (median step of the first ${b.measured.cases} cases: ${b.measured.medianMs} ms over ${b.measured.steps} steps)`;
  if (b.source === 'default') return `per-step budget ${b.ms} ms, the default${basis}; --op-timeout sets it`;
  return `per-step budget ${b.ms} ms: the library was measured slow, so ${BUDGET_FACTOR} times its median step${basis}; --op-timeout sets it`;
}
