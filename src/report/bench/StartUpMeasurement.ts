import type { StartUpBuild } from '../../run/traceStartUp.ts';
/**
 * One `prunecheck check --adapter reference` process as a user runs it (bin/prunecheck.js, dist/ after npm ci),
 * traced with PRUNECHECK_TRACE_STARTUP=1 (src/run/traceStartUp.ts): CPU (user + system) until its first episode
 * and until its exit, and what the check reported.
 */
export interface StartUpRun {
  readonly runs: number;
  readonly seed: number;
  /** CPU the process used before its first episode started (loading, resolving the adapter), in ms. */
  readonly startUpCpuMs: number;
  /** CPU the process used in all, up to its exit, in ms. */
  readonly cpuMs: number;
  readonly opsChecked: number;
  /** Checked operations per CPU second from the first episode to the exit (the check, shrinking, the report). */
  readonly opsPerCpuSecond: number;
  /** The rate the check's own report gives (wall clock, from the start of the check). */
  readonly reportedOpsPerSecond: number;
  readonly verdict: string;
  /** Which build ran: `sources` means dist/ was missing or older than src/ and bin/ fell back to tsx; `dist` that the bundle was missing or older than dist/. */
  readonly build: StartUpBuild;
  /** The machine's 1-minute load average as the process started. */
  readonly loadAverage: number;
}

/** The start-up bench (bench/startUpShare.ts): default checks, round by round, and one long check between them. */
export interface StartUpMeasurement {
  /** The command line of a default check, as measured. */
  readonly command: string;
  /** Default checks (300 runs), one per round. */
  readonly defaultChecks: readonly StartUpRun[];
  /** The same check with many runs on one worker (10,000 in a full bench), run between the default ones. */
  readonly longCheck: StartUpRun | undefined;
}

/** The median of some numbers (the mean of the middle two for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
