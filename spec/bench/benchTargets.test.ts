import { describe, expect, it } from 'vitest';
import type { BenchMeasurement, BenchPathId, BenchSubject, MemoryMeasurement } from '../../src/report/BenchReport.ts';
import { computeTargets, judge, memoryBreakEven, memoryLimit, TARGETS } from '../../src/report/benchTargets.ts';

function cell(subject: BenchSubject, path: BenchPathId, size: number, nsPerOp: number): BenchMeasurement {
  return { subject, path, size, nsPerOp, wallNsPerOp: nsPerOp * 2, rounds: [nsPerOp], meanNs: nsPerOp, rmePercent: 1, samples: 10, ops: 1_000 };
}

function byId(measurements: BenchMeasurement[], memory: MemoryMeasurement[] = [], sizes = [1_000, 100_000, 1_000_000]) {
  return new Map(computeTargets({ sizes, measurements, memory }).map((t) => [t.id, t]));
}

describe('computeTargets', () => {
  it('judges per-directive scaling as cost at 10^6 over cost at 10^3, with the miss as a fraction of 1.5', () => {
    const targets = byId([
      cell('reference', 'lookup-resident', 1_000, 400),
      cell('reference', 'lookup-resident', 1_000_000, 560),
      cell('reference', 'prune-reversible', 1_000, 2_000),
      cell('reference', 'prune-reversible', 1_000_000, 4_000),
    ]);
    expect(targets.get('scaling:lookup-resident')).toMatchObject({ status: 'met', measured: 1.4, missBy: undefined });
    const prune = targets.get('scaling:prune-reversible');
    expect(prune).toMatchObject({ status: 'missed', measured: 2 });
    expect(prune?.missBy).toBeCloseTo(1 / 3, 10);
    expect(targets.get('scaling:claim-10')).toMatchObject({ status: 'not-measured', measured: undefined });
    const withCeiling = byId([
      cell('reference', 'lookup-resident', 1_000, 400),
      cell('reference', 'lookup-resident', 1_000_000, 1_200),
      cell('ceiling', 'map-get-set', 1_000, 50),
      cell('ceiling', 'map-get-set', 1_000_000, 200),
    ]);
    expect(withCeiling.get('scaling:lookup-resident')?.detail).toContain('a bare Map get + set grows 4.00× over the same sizes');
  });

  it('judges the reversible prune against the sha256 rate at every size', () => {
    const targets = byId([
      cell('reference', 'prune-reversible', 1_000, 4_000),
      cell('ceiling', 'sha256', 1_000, 2_000),
      cell('reference', 'prune-reversible', 100_000, 10_000),
      cell('ceiling', 'sha256', 100_000, 2_000),
    ]);
    expect(targets.get('hash-fraction@1000')).toMatchObject({ status: 'met', measured: 0.5 });
    const slow = targets.get('hash-fraction@100000');
    expect(slow).toMatchObject({ status: 'missed', measured: 0.2 });
    expect(slow?.missBy).toBeCloseTo(0.5, 10);
    expect(targets.get('hash-fraction@1000000')?.status).toBe('not-measured');
  });

  it('judges re-frame flatness as the largest over the smallest per-span cost', () => {
    const flat = byId([cell('reference', 'reframe', 1_000, 40), cell('reference', 'reframe', 100_000, 50), cell('reference', 'reframe', 1_000_000, 44)]);
    expect(flat.get('reframe-flat')).toMatchObject({ status: 'met', measured: 1.25 });
    const steep = byId([cell('reference', 'reframe', 1_000, 40), cell('reference', 'reframe', 1_000_000, 120)]);
    expect(steep.get('reframe-flat')).toMatchObject({ status: 'missed', measured: 3 });
    expect(byId([cell('reference', 'reframe', 1_000, 40)]).get('reframe-flat')?.status).toBe('not-measured');
  });

  it('judges the naive baseline at 10^5 on prune and lookup only', () => {
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
    expect(targets.has('naive:claim-10')).toBe(false);
  });

  it('judges memory per resident span against 1.5 × content + 300 B', () => {
    expect(memoryLimit(1_000)).toBe(1_800);
    expect(memoryBreakEven(1_900, 1_024)).toBe(1_152);
    expect(memoryLimit(1_152) - (1_152 + 876)).toBe(0);
    expect(memoryBreakEven(1_200, 1_000)).toBe(0);
    const memory: MemoryMeasurement[] = [
      { subject: 'reference', size: 1_000, bytesPerSpan: 1_700, contentBytesPerSpan: 1_000, limitBytesPerSpan: 1_800 },
      { subject: 'reference', size: 1_000_000, bytesPerSpan: 1_980, contentBytesPerSpan: 1_000, limitBytesPerSpan: 1_800 },
      { subject: 'naive', size: 1_000, bytesPerSpan: 9_999, contentBytesPerSpan: 1_000, limitBytesPerSpan: 1_800 },
    ];
    const targets = byId([], memory);
    expect(targets.get('memory@1000')?.status).toBe('met');
    expect(targets.get('memory@1000000')).toMatchObject({ status: 'missed', measured: 1_980 });
    expect(targets.get('memory@1000000')?.missBy).toBeCloseTo(0.1, 10);
    expect([...targets.keys()].filter((id) => id.startsWith('memory@'))).toHaveLength(2);
  });

  it('never drops a target: every directive path and naive path has a row even with no measurements', () => {
    const targets = computeTargets({ sizes: [], measurements: [], memory: [] });
    expect(targets.filter((t) => t.id.startsWith('scaling:'))).toHaveLength(9);
    expect(targets.filter((t) => t.id.startsWith('naive:'))).toHaveLength(5);
    expect(targets.every((t) => t.status === 'not-measured')).toBe(true);
  });

  it('treats a non-finite ratio as not measured and uses the issue thresholds', () => {
    expect(judge('x', 'x', 'at-least', 20, Number.NaN, '').status).toBe('not-measured');
    expect(TARGETS).toMatchObject({ scalingLimit: 1.5, hashFraction: 0.4, naiveSpeedup: 20, naiveSize: 100_000, memoryContentFactor: 1.5, memoryOverheadBytes: 300 });
  });
});
