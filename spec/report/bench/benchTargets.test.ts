import { describe, expect, it } from 'vitest';
import type { BenchMeasurement, BenchPathId, BenchSubject, MemoryMeasurement, PropertyRunMeasurement, ProtocolMeasurement, WorkersMeasurement } from '../../../src/report/bench/BenchReport.ts';
import { summarizeTargets } from '../../../src/report/bench/benchSummaries.ts';
import { computeTargets, judge, memoryBreakEven, memoryLimit, TARGETS, type TargetInputs } from '../../../src/report/bench/benchTargets.ts';

function cell(subject: BenchSubject, path: BenchPathId, size: number, nsPerOp: number): BenchMeasurement {
  return { subject, path, size, nsPerOp, wallNsPerOp: nsPerOp * 2, rounds: [nsPerOp], meanNs: nsPerOp, rmePercent: 1, samples: 10, ops: 1_000 };
}

function inputs(measurements: BenchMeasurement[], extra: Partial<TargetInputs> = {}): TargetInputs {
  return { sizes: [1_000, 100_000, 1_000_000], measurements, memory: [], ...extra };
}

function byId(measurements: BenchMeasurement[], extra: Partial<TargetInputs> = {}) {
  return new Map(computeTargets(inputs(measurements, extra)).map((t) => [t.id, t]));
}

const run = (opsPerSecond: number, bare: number | undefined): PropertyRunMeasurement => ({
  adapter: 'reference', seed: 1, runs: 200, opsChecked: 5_000, durationMs: 200, opsPerSecond, verdict: 'conformant', ...(bare === undefined ? {} : { bareApplyOpsPerSecond: bare }),
});

describe('computeTargets (issue 14)', () => {
  it('judges each directive growth 10^3 → 10^6 against the bare Map growth of the same run', () => {
    const targets = byId([
      cell('reference', 'lookup-resident', 1_000, 400),
      cell('reference', 'lookup-resident', 1_000_000, 1_200),
      cell('reference', 'prune-reversible', 1_000, 2_000),
      cell('reference', 'prune-reversible', 1_000_000, 10_000),
      cell('ceiling', 'map-get-set', 1_000, 50),
      cell('ceiling', 'map-get-set', 1_000_000, 200),
    ]);
    expect(targets.get('growth:lookup-resident')).toMatchObject({ status: 'met', measured: 3, threshold: 4, group: 'directive-growth' });
    const prune = targets.get('growth:prune-reversible');
    expect(prune).toMatchObject({ status: 'missed', measured: 5, threshold: 4 });
    expect(prune?.missBy).toBeCloseTo(0.25, 10);
    expect(targets.get('growth:claim-10')).toMatchObject({ status: 'not-measured', measured: undefined });
    expect(byId([cell('reference', 'lookup-resident', 1_000, 400), cell('reference', 'lookup-resident', 1_000_000, 500)]).get('growth:lookup-resident')?.status).toBe('not-measured');
  });

  it('judges the reversible prune against twice the sha256 cost at every size, for ~1 KB and ~250 B content', () => {
    const targets = byId([
      cell('reference', 'prune-reversible', 1_000, 3_000),
      cell('ceiling', 'sha256', 1_000, 2_000),
      cell('reference', 'prune-reversible-small', 1_000_000, 3_000),
      cell('ceiling', 'sha256-small', 1_000_000, 1_000),
    ]);
    expect(targets.get('prune-vs-sha256@1000')).toMatchObject({ status: 'met', measured: 1.5 });
    const small = targets.get('prune-vs-sha256@1000000:small');
    expect(small).toMatchObject({ status: 'missed', measured: 3 });
    expect(small?.missBy).toBeCloseTo(0.5, 10);
    expect(targets.get('prune-vs-sha256@100000')?.status).toBe('not-measured');
  });

  it('judges the checked run against the bare apply rate of its own round, and the protocol step against 10×', () => {
    const protocol: ProtocolMeasurement[] = [{ workload: 'engine step, protocol 1.1 (one step round trip)', inProcessOpsPerSecond: 100_000, stdioOpsPerSecond: 12_500, ratio: 8 }];
    const targets = byId([], { propertyRuns: [run(20_000, 100_000), run(30_000, 50_000)], protocol });
    expect(targets.get('property-run')).toMatchObject({ status: 'met', measured: 0.6 });
    expect(byId([], { propertyRuns: [run(10_000, 100_000)] }).get('property-run')).toMatchObject({ status: 'missed', measured: 0.1 });
    expect(byId([], { propertyRuns: [run(10_000, undefined)] }).get('property-run')?.status).toBe('not-measured');
    expect(targets.get('protocol-step')).toMatchObject({ status: 'met', measured: 8 });
    expect(byId([]).get('protocol-step')?.status).toBe('not-measured');
    expect(targets.get('workers')).toMatchObject({ status: 'not-measured', detail: 'the check on 1 and 2 workers was not measured in this run' });
  });

  it('judges 2 workers against 1 on the median of the rounds\' ratios, each round 2 workers over 1 worker of that round', () => {
    const check = (workers: number, round: number, opsPerSecond: number): WorkersMeasurement => ({ workers, round, runs: 1_000, seed: 1, opsChecked: 100_000, durationMs: 1_000, opsPerSecond, verdict: 'conformant', loadAverage: 2 });
    // Rounds: 1.8×, 1.5×, 2.0× (a slow first round of 1 worker does not make round 2 look fast).
    const workers = [check(1, 1, 10_000), check(2, 1, 18_000), check(2, 2, 15_000), check(1, 2, 10_000), check(1, 3, 8_000), check(2, 3, 16_000)];
    expect(byId([], { workers }).get('workers')).toMatchObject({ status: 'met', measured: 1.8 });
    expect(byId([], { workers: workers.slice(0, 4) }).get('workers')).toMatchObject({ status: 'missed', measured: 1.65 });
    expect(byId([], { workers: [check(1, 1, 10_000), check(2, 1, 12_000)] }).get('workers')?.detail).toMatch(/^median of 1 rounds \(1\.20×\): 2 workers 12,000 checked ops\/s, 1 worker 10,000/);
    expect(byId([], { workers: [check(1, 1, 10_000)] }).get('workers')?.status).toBe('not-measured');
  });

  it('judges re-frame flatness as the largest over the smallest per-span cost', () => {
    const flat = byId([cell('reference', 'reframe', 1_000, 40), cell('reference', 'reframe', 100_000, 50), cell('reference', 'reframe', 1_000_000, 44)]);
    expect(flat.get('reframe-flat')).toMatchObject({ status: 'met', measured: 1.25 });
    const steep = byId([cell('reference', 'reframe', 1_000, 40), cell('reference', 'reframe', 1_000_000, 120)]);
    expect(steep.get('reframe-flat')).toMatchObject({ status: 'missed', measured: 3 });
    expect(byId([cell('reference', 'reframe', 1_000, 40)]).get('reframe-flat')?.status).toBe('not-measured');
  });

  it('keeps the earlier naive target at 10^5 on prune and lookup only', () => {
    const targets = byId([
      cell('reference', 'lookup-absent', 100_000, 500),
      cell('naive', 'lookup-absent', 100_000, 50_000),
      cell('reference', 'prune-lossy', 100_000, 5_000),
      cell('naive', 'prune-lossy', 100_000, 50_000),
    ]);
    expect(targets.get('naive:lookup-absent')).toMatchObject({ status: 'met', measured: 100 });
    expect(targets.get('naive:prune-lossy')).toMatchObject({ status: 'missed', measured: 10, missBy: 0.5 });
    expect(targets.get('naive:lookup-pruned')?.status).toBe('not-measured');
    expect(targets.has('naive:prune-rejected')).toBe(false);
  });

  it('judges memory per resident span against 1.5 × content + 300 B', () => {
    expect(memoryLimit(1_000)).toBe(1_800);
    expect(memoryBreakEven(1_900, 1_024)).toBe(1_152);
    expect(memoryBreakEven(1_200, 1_000)).toBe(0);
    const memory: MemoryMeasurement[] = [
      { subject: 'reference', size: 1_000, bytesPerSpan: 1_700, contentBytesPerSpan: 1_000, limitBytesPerSpan: 1_800 },
      { subject: 'reference', size: 1_000_000, bytesPerSpan: 1_980, contentBytesPerSpan: 1_000, limitBytesPerSpan: 1_800 },
      { subject: 'naive', size: 1_000, bytesPerSpan: 9_999, contentBytesPerSpan: 1_000, limitBytesPerSpan: 1_800 },
    ];
    const targets = byId([], { memory });
    expect(targets.get('memory@1000')?.status).toBe('met');
    expect(targets.get('memory@1000000')).toMatchObject({ status: 'missed', measured: 1_980 });
    expect(targets.get('memory@1000000')?.missBy).toBeCloseTo(0.1, 10);
    expect([...targets.keys()].filter((id) => id.startsWith('memory@'))).toHaveLength(2);
  });

  it('never drops a target: every row of the issue has ratios even with no measurements, all not measured', () => {
    const targets = computeTargets({ sizes: [1_000, 1_000_000], measurements: [], memory: [] });
    expect(targets.filter((t) => t.group === 'directive-growth')).toHaveLength(9);
    expect(targets.filter((t) => t.group === 'prune-vs-sha256')).toHaveLength(4);
    expect(targets.filter((t) => t.group === 'naive')).toHaveLength(5);
    expect(targets.every((t) => t.status === 'not-measured')).toBe(true);
    expect(judge('x', 'naive', 'x', 'at-least', 20, Number.NaN, '').status).toBe('not-measured');
    expect(TARGETS).toMatchObject({ scalingLimit: 1.5, hashCostLimit: 2, propertyRunFraction: 0.33, protocolStepLimit: 10, naiveSpeedup: 20, memoryContentFactor: 1.5, memoryOverheadBytes: 300 });
  });
});

describe('summarizeTargets', () => {
  it('a directive growing faster than the Map is named with its ratio, and a small 10³ cell is said to be noise-prone', () => {
    const measurements = [
      cell('ceiling', 'map-get-set', 1_000, 50),
      cell('ceiling', 'map-get-set', 1_000_000, 800),
      cell('reference', 'lookup-resident', 1_000, 200),
      cell('reference', 'lookup-resident', 1_000_000, 4_000),
      cell('reference', 'claim-10', 1_000, 2_000),
      cell('reference', 'claim-10', 1_000_000, 40_000),
      cell('reference', 'prune-lossy', 1_000, 3_000),
      cell('reference', 'prune-lossy', 1_000_000, 9_000),
    ];
    const all = inputs(measurements, { sizes: [1_000, 1_000_000] });
    const reason = new Map(summarizeTargets(computeTargets(all), all).map((s) => [s.group, s])).get('directive-growth')?.reason ?? '';
    expect(reason).toContain('A bare Map get + set grows 16.0× from 10³ to 10⁶ spans');
    expect(reason).toContain('lookup, resident grows 20.0×, claim (10 ids) grows 20.0×');
    expect(reason).not.toContain('prune, lossy');
    expect(reason).toContain('At 10³ lookup, resident 200 ns per operation: cells that small move');
    expect(reason).not.toMatch(/At 10³ .*claim/);
  });

  it('gives every row of the issue a status from its ratios, the worst ratio and a reason from the run', () => {
    const measurements = [
      cell('reference', 'prune-reversible', 1_000, 3_000),
      cell('ceiling', 'sha256', 1_000, 2_000),
      cell('reference', 'prune-reversible', 1_000_000, 9_000),
      cell('ceiling', 'sha256', 1_000_000, 2_000),
      cell('ceiling', 'map-get-set', 1_000_000, 900),
    ];
    const all = inputs(measurements, { sizes: [1_000, 1_000_000], propertyRuns: [run(10_000, 100_000)] });
    const summaries = new Map(summarizeTargets(computeTargets(all), all).map((s) => [s.group, s]));
    expect([...summaries.keys()]).toEqual(['property-run', 'workers', 'protocol-step', 'prune-vs-sha256', 'directive-growth', 'reframe-flat', 'memory', 'naive', 'prune-vs-python', 'start-up', 'default-rate', 'checked-step']);
    const hash = summaries.get('prune-vs-sha256');
    expect(hash).toMatchObject({ status: 'missed', met: 1, missed: 1 });
    expect(hash?.worst?.id).toBe('prune-vs-sha256@1000000');
    expect(hash?.reason).toContain('beyond the hash a prune costs 7.00 µs');
    expect(hash?.reason).toContain('a bare Map get + set costs 900 ns there');
    expect(summaries.get('property-run')?.reason).toContain('A checked operation costs 100 µs against 10.0 µs of bare `apply` (10.0×)');
    expect(summaries.get('property-run')?.reason).not.toContain('Drawing the same episodes alone');
    const drawn = inputs(measurements, { sizes: [1_000, 1_000_000], propertyRuns: [{ ...run(10_000, 100_000), opsChecked: 10_000, durationMs: 1_000, generationMs: 50 }] });
    expect(new Map(summarizeTargets(computeTargets(drawn), drawn).map((s) => [s.group, s])).get('property-run')?.reason).toContain(
      'Drawing the same episodes alone, with nothing run, takes 50 ms of the run\'s 1,000 ms (5.00 %): with checking free, generation would still cap the check at 200,000 ops/s, 200 % of bare `apply`.',
    );
    expect(summaries.get('workers')).toMatchObject({ status: 'not-measured' });
    expect(summaries.get('memory')).toMatchObject({ status: 'not-measured', worst: undefined });
  });
});
