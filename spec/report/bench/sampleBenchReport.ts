import type { BenchMeasurement, BenchPathId, BenchReport, BenchSubject } from '../../../src/report/bench/BenchReport.ts';
import { computeTargets } from '../../../src/report/bench/benchTargets.ts';

export function cell(subject: BenchSubject, path: BenchPathId, size: number, nsPerOp: number): BenchMeasurement {
  return { subject, path, size, nsPerOp, wallNsPerOp: nsPerOp * 2, rounds: [nsPerOp, nsPerOp * 1.2], meanNs: nsPerOp, rmePercent: 3, samples: 20, ops: 2_000 };
}

/** A small but complete report: reference, naive and ceilings at two sizes, memory, one missing bench. */
export function sampleBenchReport(overrides: Partial<BenchReport> = {}): BenchReport {
  const sizes = [1_000, 1_000_000];
  const measurements = [
    cell('reference', 'prune-reversible', 1_000, 3_000),
    cell('reference', 'prune-reversible', 1_000_000, 6_000),
    cell('reference', 'lookup-resident', 1_000, 300),
    cell('reference', 'lookup-resident', 1_000_000, 400),
    cell('reference', 'reframe', 1_000, 40),
    cell('reference', 'reframe', 1_000_000, 45),
    cell('naive', 'lookup-resident', 1_000, 4_000),
    cell('ceiling', 'sha256', 1_000, 2_000),
    cell('ceiling', 'sha256', 1_000_000, 2_100),
    cell('ceiling', 'map-get-set', 1_000, 50),
    cell('ceiling', 'map-get-set', 1_000_000, 200),
  ];
  const memory = [{ subject: 'reference' as const, size: 1_000, bytesPerSpan: 1_900, contentBytesPerSpan: 1_024, limitBytesPerSpan: 1_836 }];
  const propertyRuns = [
    { adapter: 'reference', seed: 42, runs: 200, opsChecked: 10_000, durationMs: 400, opsPerSecond: 25_000, verdict: 'conformant', bareApplyOpsPerSecond: 200_000 },
    { adapter: 'reference', seed: 42, runs: 200, opsChecked: 10_000, durationMs: 250, opsPerSecond: 40_000, verdict: 'conformant', bareApplyOpsPerSecond: 100_000 },
  ];
  const protocol = [
    { workload: 'engine step, protocol 1.1 (one step round trip)', inProcessOpsPerSecond: 200_000, stdioOpsPerSecond: 16_000, ratio: 12.5 },
    { workload: 'engine step, protocol 1.0 (observe, then apply with the observations after)', inProcessOpsPerSecond: 200_000, stdioOpsPerSecond: 8_000, ratio: 25 },
    { workload: 'engine step, protocol 1.1 (one step round trip), runtime that does nothing (floor)', inProcessOpsPerSecond: 200_000, stdioOpsPerSecond: 20_000, ratio: 10 },
  ];
  return {
    format: 'prunecheck-bench/1',
    mode: 'full',
    seed: 42,
    command: 'npm run bench -- --seed 42 --sizes 1000,1000000',
    startedAt: '2026-11-30T06:00:00.000Z',
    durationMs: 123_456,
    environment: { node: '20.20.2', v8: '11.3', platform: 'linux', arch: 'x64', cpu: 'Test CPU <fast>', cores: 2, totalMemoryGiB: 24, gcExposed: true, loadAverage: { start: 0.5, end: 1.25 } },
    method: {
      batch: { reference: 100, naive: 10, ceiling: 100 },
      timeMs: 250,
      minBatches: 20,
      rounds: 3,
      contentBytes: { min: 512, mean: 1_024, max: 1_536 },
      naiveMaxSize: 100_000,
      window: 'N resident spans of a test mix.',
      tasks: { 'prune-reversible': 'prune then restore, untimed.' },
      notes: ['A note for readers.'],
    },
    sizes,
    measurements,
    memory,
    propertyRuns,
    protocol,
    targets: computeTargets({ sizes, measurements, memory, propertyRuns, protocol }),
    missing: ['one checker step: not in the tree yet'],
    ...overrides,
  };
}
