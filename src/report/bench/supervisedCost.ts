import type { ProtocolMeasurement } from './BenchReport.ts';

/** The row the supervised boundary's cost per step is read from: an engine step to a module in its supervised process, batched as the engine batches it. */
export const SUPERVISED_STEP_WORKLOAD = "engine step, adapter module in its supervised process, batched (--adapter ./module.ts, the default: the engine's lookahead sends a run's steps in one IPC message)";
/** The same step with one IPC round trip each: what a step the lookahead could not predict costs. */
export const SUPERVISED_UNBATCHED_WORKLOAD = 'engine step, adapter module in its supervised process, one IPC round trip per step (unbatched)';
/** The whole check's rows: wall clock, and CPU time (prunecheck's process and the adapter's together). */
export const SUPERVISED_CHECK_WORKLOAD = 'checkAdapter, adapter module in its supervised process';
/** The same check with a default check's options: the recorded incidents first (fixed traces, each sent whole), then the runs. */
export const SUPERVISED_DEFAULT_CHECK_WORKLOAD = 'a default check (the recorded incidents, then the runs), adapter module in its supervised process';
/** A default check as a user runs it from the command line, start-up included, against the same with `--in-process` (bench/cliBoundary.ts). */
export const SUPERVISED_CLI_WORKLOAD = 'a default check from the command line (`prunecheck check --adapter examples/quickstart/runtime-adapter.ts`, process start to exit), adapter module in its supervised process against `--in-process`, wall clock';
/** A whole check of a supervised module may take at most this many times the same check in-process (issue 25). */
export const SUPERVISED_CHECK_LIMIT = 1.5;

/**
 * What the supervised boundary costs, as the bench states it: per engine step (batched and unbatched, in µs over
 * the in-process step) and per whole check (its ratio to in-process against `SUPERVISED_CHECK_LIMIT`, met or
 * missed by how much, and its CPU time). Empty when the rows were not measured.
 */
export function supervisedCost(results: readonly ProtocolMeasurement[]): string[] {
  const find = (prefix: string) => results.find((r) => r.workload.startsWith(prefix));
  const extraMicros = (r: ProtocolMeasurement) => (1 / r.stdioOpsPerSecond - 1 / r.inProcessOpsPerSecond) * 1e6;
  const lines: string[] = [];
  for (const [prefix, what] of [
    [SUPERVISED_STEP_WORKLOAD, 'an engine step, batched'],
    [SUPERVISED_UNBATCHED_WORKLOAD, 'an engine step, one round trip each'],
  ] as const) {
    const r = find(prefix);
    if (r !== undefined) lines.push(`supervised boundary: ${what}, ${r.ratio}× the in-process step (+${extraMicros(r).toFixed(1)} µs per step)`);
  }
  const checkRow = (unbatched: boolean, ofCpu: boolean) => results.find((r) => r.workload.startsWith(SUPERVISED_CHECK_WORKLOAD) && r.workload.includes('unbatched') === unbatched && r.workload.includes('CPU') === ofCpu);
  const wall = checkRow(false, false);
  const cpu = checkRow(false, true);
  const unbatchedWall = checkRow(true, false);
  const unbatchedCpu = checkRow(true, true);
  if (wall !== undefined) {
    const verdict = wall.ratio <= SUPERVISED_CHECK_LIMIT ? 'met' : `missed by ${(wall.ratio - SUPERVISED_CHECK_LIMIT).toFixed(2)}×`;
    lines.push(`supervised boundary: a whole check, ${wall.ratio}× in-process wall clock (+${extraMicros(wall).toFixed(1)} µs per checked step; target ≤ ${SUPERVISED_CHECK_LIMIT}×: ${verdict})${cpu === undefined ? '' : `, ${cpu.ratio}× in-process CPU time (both processes; +${extraMicros(cpu).toFixed(1)} CPU µs per checked step)`}`);
  }
  const defaultWall = results.find((r) => r.workload.startsWith(SUPERVISED_DEFAULT_CHECK_WORKLOAD) && !r.workload.includes('CPU'));
  const defaultCpu = results.find((r) => r.workload.startsWith(SUPERVISED_DEFAULT_CHECK_WORKLOAD) && r.workload.includes('CPU'));
  if (defaultWall !== undefined) {
    lines.push(`supervised boundary: a default check (the recorded incidents included), ${defaultWall.ratio}× in-process wall clock (+${extraMicros(defaultWall).toFixed(1)} µs per checked step)${defaultCpu === undefined ? '' : `, ${defaultCpu.ratio}× CPU time (both processes)`}`);
  }
  const cli = find(SUPERVISED_CLI_WORKLOAD);
  if (cli !== undefined) {
    lines.push(`supervised boundary: a default check from the command line, ${cli.ratio}× the same check --in-process in wall clock, process start to exit (the adapter process's start and both processes' JIT warm-up included, as a user meets them)`);
  }
  if (unbatchedWall !== undefined) {
    lines.push(`supervised boundary: the same check unbatched (one round trip per step), ${unbatchedWall.ratio}× in-process wall clock${unbatchedCpu === undefined ? '' : `, ${unbatchedCpu.ratio}× CPU time`}`);
  }
  return lines;
}
