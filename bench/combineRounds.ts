import type { BenchMeasurement, BenchPathId, BenchSubject } from '../src/report/bench/BenchReport.ts';

/** One round of one task: the median batch, and what tinybench said about the mean. */
export interface RoundResult {
  /** Median batch, CPU time. */
  readonly nsPerOp: number;
  /** Median batch, wall time. */
  readonly wallNsPerOp: number;
  readonly meanNs: number;
  readonly rmePercent: number;
  readonly samples: number;
  readonly ops: number;
}

/**
 * A cell's measurement from its rounds: the lowest round median is the cost (rounds interleave the window's
 * tasks, so a burst of load from other processes lands on one round, not on one task); every round is kept.
 */
export function combineRounds(subject: BenchSubject, path: BenchPathId, size: number, rounds: readonly RoundResult[]): BenchMeasurement {
  if (rounds.length === 0) throw new RangeError(`combineRounds: no rounds for ${subject} ${path} at ${size}`);
  const best = rounds.reduce((a, b) => (b.nsPerOp < a.nsPerOp ? b : a));
  return {
    subject,
    path,
    size,
    nsPerOp: best.nsPerOp,
    wallNsPerOp: best.wallNsPerOp,
    rounds: rounds.map((r) => r.nsPerOp),
    meanNs: best.meanNs,
    rmePercent: best.rmePercent,
    samples: rounds.reduce((sum, r) => sum + r.samples, 0),
    ops: rounds.reduce((sum, r) => sum + r.ops, 0),
  };
}
