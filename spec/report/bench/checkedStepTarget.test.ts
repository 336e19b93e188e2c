import { describe, expect, it } from 'vitest';
import type { CheckedStepMeasurement } from '../../../src/report/bench/CheckedStepMeasurement.ts';
import { computeTargets, type TargetInputs } from '../../../src/report/bench/benchTargets.ts';
import { summarizeTargets } from '../../../src/report/bench/benchSummaries.ts';
import { CHECKED_STEP_LIMIT, checkedStepTarget, medianRatio } from '../../../src/report/bench/checkedStepTarget.ts';

/** One round: `checkedUs` per checked operation against `modelUs` per model-run command. */
function round(n: number, checkedUs: number, modelUs: number): CheckedStepMeasurement {
  const cost = (usPerStep: number) => ({ steps: 50_000, cpuMs: 5_000, startupSteps: 25, startupCpuMs: 40, usPerStep });
  return { round: n, runs: 2_000, seed: 7, modelRun: cost(modelUs), checked: cost(checkedUs), ratio: checkedUs / modelUs, loadAverage: 1.5 };
}

const inputs = (checkedStep?: readonly CheckedStepMeasurement[]): TargetInputs => ({ sizes: [], measurements: [], memory: [], ...(checkedStep === undefined ? {} : { checkedStep }) });

describe('checkedStepTarget (issue 26)', () => {
  it('judges the median round against 10×, saying by how much a miss is', () => {
    const missed = checkedStepTarget([round(1, 80, 2), round(2, 60, 2), round(3, 100, 2)]);
    expect(missed).toMatchObject({ id: 'checked-step', group: 'checked-step', status: 'missed', measured: 40, threshold: CHECKED_STEP_LIMIT });
    expect(missed.missBy).toBeCloseTo(3);
    expect(missed.detail).toContain('median of 3 rounds');
    expect(missed.detail).toContain('40.0×: 80.0 µs per checked operation');
    const met = checkedStepTarget([round(1, 19, 2), round(2, 21, 2)]);
    expect(met).toMatchObject({ status: 'met', measured: 10, missBy: undefined });
  });

  it('is not measured, never dropped, when the bench did not run it', () => {
    expect(checkedStepTarget()).toMatchObject({ status: 'not-measured', measured: undefined });
    expect(medianRatio([])).toBeUndefined();
    const targets = computeTargets(inputs());
    expect(targets.find((t) => t.id === 'checked-step')).toMatchObject({ status: 'not-measured' });
  });

  it('gets a row of its own in the summary, with the median round figures as its reason', () => {
    const all = inputs([round(1, 30, 2), round(2, 24, 3)]);
    const summary = summarizeTargets(computeTargets(all), all).find((s) => s.group === 'checked-step');
    expect(summary).toMatchObject({ status: 'missed', met: 0, missed: 1 });
    expect(summary?.reason).toContain('took 24.0 µs of CPU against 3.00 µs for a bare `fc.asyncModelRun` command');
  });
});
