import type { WorkersMeasurement } from './BenchReport.ts';

/** 2 workers' rate over 1 worker's, per round, and their median: what the target is judged on. */
export function workerSpeedups(measurements: readonly WorkersMeasurement[]): { readonly perRound: readonly number[]; readonly median: number | undefined } {
  const rounds = [...new Set(measurements.map((m) => m.round))];
  const perRound = rounds.flatMap((round) => {
    const one = measurements.find((m) => m.round === round && m.workers === 1);
    const two = measurements.find((m) => m.round === round && m.workers === 2);
    return one === undefined || two === undefined || one.opsPerSecond === 0 ? [] : [two.opsPerSecond / one.opsPerSecond];
  });
  const sorted = [...perRound].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length === 0 ? undefined : sorted.length % 2 === 1 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { perRound, median };
}
