/**
 * How many times later than V8's default prunecheck's process lets V8 optimize a function (the "tier-up factor"),
 * handed to the processes it starts for an adapter module (`src/adapters/supervise/SubjectProcess.ts`). `tuneJit`
 * (src/cli/jitBudget.ts) sets it for a short check; the adapter's process runs as many steps as the check, so it
 * is compiled the same way. Carried in the environment, not in a module's state: the CLI's bundle and the module
 * that tuned V8 are different copies of any module, and a `--workers` thread starts its supervised processes from a
 * thread of its own.
 */
export const TIER_UP_ENV = 'PRUNECHECK_TIER_UP_FACTOR';

/** The largest factor taken: every threshold it multiplies stays a 32-bit integer, as V8 takes them. */
const MAX_FACTOR = 30_000;

/**
 * The V8 flags that make the running engine optimize `factor` times later than its default, or none on an engine
 * whose thresholds are not known here (V8's defaults are then kept, never guessed: the node command line rejects a
 * flag its V8 does not have, and `setFlagsFromString` prints an error for it).
 *
 * V8 changed how it counts. Node 20 (V8 11.3) counts the bytecode a function runs: `--interrupt-budget`, default
 * 67,584. From Node 21 (V8 11.8) it counts calls, one threshold per optimizing tier, and `--interrupt-budget` is
 * gone: `--invocation-count-for-turbofan` (default 3,000) and `--invocation-count-for-maglev` (default 400),
 * read from `node --v8-options` of Node 21.7 (V8 11.8), 22.23 (12.4), 23.11 (12.9), 24.22 (13.6) and 25.9 (14.1).
 */
export function tierUpFlags(factor: number, v8Version: string = process.versions.v8): string[] {
  const [major = 0, minor = 0] = v8Version.split('.').map((part) => Number.parseInt(part, 10));
  if (major < 11 || (major === 11 && minor <= 3)) return [`--interrupt-budget=${factor * 67_584}`];
  if ((major > 11 || minor >= 8) && major <= 14) return [`--invocation-count-for-turbofan=${factor * 3_000}`, `--invocation-count-for-maglev=${factor * 400}`];
  return [];
}

/**
 * Records `factor` as this process's, for the processes it starts from now on; undefined (V8's default) records
 * that none was set, so a value inherited from the environment does not reach them either.
 */
export function recordTierUpFactor(factor: number | undefined, env: NodeJS.ProcessEnv = process.env): void {
  if (factor === undefined) delete env[TIER_UP_ENV];
  else env[TIER_UP_ENV] = String(factor);
}

/**
 * The node flags that give a child process (the same node binary) this process's tier-up factor: none when none
 * was recorded, or when what the environment holds is not a whole number from 1 to 30,000 (it is then left to
 * V8's default, not guessed).
 */
export function tierUpArgs(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env[TIER_UP_ENV];
  if (raw === undefined || !/^[1-9]\d{0,4}$/.test(raw) || Number(raw) > MAX_FACTOR) return [];
  return tierUpFlags(Number(raw));
}
