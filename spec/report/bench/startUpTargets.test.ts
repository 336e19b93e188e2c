import { describe, expect, it } from 'vitest';
import { computeTargets, type TargetInputs } from '../../../src/report/bench/benchTargets.ts';
import { summarizeTargets } from '../../../src/report/bench/benchSummaries.ts';
import { median, type StartUpRun } from '../../../src/report/bench/StartUpMeasurement.ts';

function run(startUpCpuMs: number, cpuMs: number, opsPerCpuSecond: number, runs = 300): StartUpRun {
  return { runs, seed: 42, startUpCpuMs, cpuMs, opsChecked: 7_646, opsPerCpuSecond, reportedOpsPerSecond: 2_000, verdict: 'conformant', build: 'dist', loadAverage: 1 };
}

function inputs(defaultChecks: readonly StartUpRun[], longCheck: StartUpRun | undefined): TargetInputs {
  return { sizes: [], measurements: [], memory: [], startUp: { command: 'node bin/prunecheck.js check --adapter reference', defaultChecks, longCheck } };
}

const target = (i: TargetInputs, id: string) => computeTargets(i).find((t) => t.id === id);

describe('issue 26 start-up targets', () => {
  it('judge the median default check: start-up share at most 20 %, rate at least 50 % of the long check', () => {
    const i = inputs([run(450, 2_300, 4_000), run(300, 2_000, 7_000), run(500, 1_900, 9_000)], run(470, 18_400, 14_000, 10_000));
    // Shares 0.196, 0.15, 0.263: the median 0.196 is met.
    expect(target(i, 'start-up-share')).toMatchObject({ status: 'met', measured: 450 / 2_300 });
    expect(target(i, 'default-rate')).toMatchObject({ status: 'met', measured: 7_000 / 14_000 });
  });

  it('state a miss with its amount', () => {
    const i = inputs([run(600, 2_000, 4_060), run(600, 2_000, 4_060), run(600, 2_000, 4_060)], run(470, 18_400, 14_000, 10_000));
    const share = target(i, 'start-up-share');
    expect(share).toMatchObject({ status: 'missed', measured: 0.3 });
    expect(share?.missBy).toBeCloseTo(0.5);
    const rate = target(i, 'default-rate');
    expect(rate).toMatchObject({ status: 'missed', measured: 0.29 });
    expect(rate?.missBy).toBeCloseTo(0.42);
    expect(rate?.description).toContain('10,000-run rate');
    const rows = summarizeTargets(computeTargets(i), i).filter((s) => s.group === 'start-up' || s.group === 'default-rate');
    expect(rows.map((r) => r.status)).toEqual(['missed', 'missed']);
  });

  it('are not measured, never dropped, without a traced check', () => {
    const i: TargetInputs = { sizes: [], measurements: [], memory: [] };
    expect(target(i, 'start-up-share')?.status).toBe('not-measured');
    expect(target(i, 'default-rate')?.status).toBe('not-measured');
    expect(target(inputs([run(1, 2, 3)], undefined), 'default-rate')?.status).toBe('not-measured');
  });

  it('say when the check ran from the sources instead of dist/', () => {
    expect(target(inputs([{ ...run(1_500, 3_000, 100), build: 'sources' }], undefined), 'start-up-share')?.detail).toContain('not as a user runs it');
  });

  it('median takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});
