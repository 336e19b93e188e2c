import type { CheckReport } from '../../run/CheckReport.ts';
import type { PolicyTimeout } from '../../run/policy/PolicyTimeout.ts';
import { describeStepBudget, type StepBudget } from '../../run/policy/stepBudget.ts';

/**
 * What a policy check's report says about how it ran, beside the verdict: the per-step budget (always, when
 * the report has one: how it was set is part of the evidence) and how many cases ended `unknown (timeout)`.
 * Empty for other reports. Plain sentences; each renderer escapes them for its medium.
 */
export function policyRunLines(report: CheckReport): string[] {
  const r = report as CheckReport & { readonly mode?: unknown; readonly stepBudget?: StepBudget; readonly timeouts?: readonly PolicyTimeout[] };
  if (r.mode !== 'policy' || r.stepBudget === undefined) return [];
  const timeouts = r.timeouts ?? [];
  return [describeStepBudget(r.stepBudget), `cases unknown (timeout): ${timeouts.length} of ${r.runs}${timeouts.length === 0 ? '' : ` (first: seed ${timeouts[0]?.seed} path ${timeouts[0]?.path}; raise --op-timeout)`}`];
}
