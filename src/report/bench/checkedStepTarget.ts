import type { TargetResult } from './BenchReport.ts';
import type { CheckedStepMeasurement } from './CheckedStepMeasurement.ts';
import { formatRatio } from './benchFormat.ts';

/** Issue 26: a checked operation costs at most this many bare `fc.asyncModelRun` steps over a Map, same run. */
export const CHECKED_STEP_LIMIT = 10;

export const CHECKED_STEP_DESCRIPTION = `checked operation ≤ ${CHECKED_STEP_LIMIT}× a bare \`fc.asyncModelRun\` step over a Map, same run (CPU per step, warm, start-up subtracted)`;

/** The median of the rounds' ratios, or undefined when none was measured. */
export function medianRatio(rounds: readonly CheckedStepMeasurement[]): number | undefined {
  const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b);
  if (ratios.length === 0) return undefined;
  const mid = Math.floor(ratios.length / 2);
  return ratios.length % 2 === 1 ? ratios[mid] : ((ratios[mid - 1] ?? 0) + (ratios[mid] ?? 0)) / 2;
}

const us = (n: number): string => `${n.toFixed(n < 10 ? 2 : 1)} µs`;

/** The target judged from the median round: met or missed, with each round's figures. */
export function checkedStepTarget(rounds: readonly CheckedStepMeasurement[] = []): TargetResult {
  const measured = medianRatio(rounds);
  const base = { id: 'checked-step', group: 'checked-step', description: CHECKED_STEP_DESCRIPTION, comparison: 'at-most', threshold: CHECKED_STEP_LIMIT } as const;
  if (measured === undefined) return { ...base, measured: undefined, status: 'not-measured', missBy: undefined, detail: 'the checked step and the bare model run were not measured in this run' };
  const detail =
    `median of ${rounds.length} round${rounds.length === 1 ? '' : 's'} (` +
    rounds.map((r) => `${formatRatio(r.ratio)}: ${us(r.checked.usPerStep)} per checked operation, ${us(r.modelRun.usPerStep)} per model-run command, load ${r.loadAverage.toFixed(1)}`).join('; ') +
    `; ${rounds[0]?.runs ?? 0} runs, seed ${rounds[0]?.seed ?? 0})`;
  const met = measured <= CHECKED_STEP_LIMIT;
  return { ...base, measured, status: met ? 'met' : 'missed', missBy: met ? undefined : (measured - CHECKED_STEP_LIMIT) / CHECKED_STEP_LIMIT, detail };
}
