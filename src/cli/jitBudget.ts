import { setFlagsFromString } from 'node:v8';
import { recordTierUpFactor, tierUpFlags } from '../util/tierUpFlags.ts';

/**
 * How many times later than V8's default a short check lets V8 optimize (`src/util/tierUpFlags.ts` turns it into
 * the running engine's flags). Measured on the reference on Node 20 (2026-12-06, seed 42, alternated runs,
 * docs/benchmarks.md): a default 300-run check took 0.63 s of CPU at 16× against 0.71–0.76 s at 4× and 0.95 s at
 * V8's default, and a 1,000-run check 1.37 s against 1.47 s at 4×; 8× lay between, 12× matched 16×, and 24× or 32×
 * gave part of it back (the hottest functions then stay unoptimized too long). On Node 22.23 and 24.22, whose V8
 * counts calls instead, 16× raised a default check's rate from 14,070 and 19,344–19,579 checked operations per CPU
 * second to 24,016 and 24,030–24,477 (alternated), and 8× to 64× read the same within the runs' spread.
 */
export const SHORT_CHECK_TIER_UP_FACTOR = 16;
/** Checks of at most this many runs are short (the default is 300). */
export const SHORT_CHECK_MAX_RUNS = 1_000;

/**
 * The tier-up factor for a `prunecheck` command line, or undefined for V8's default. A short check (`check`
 * with at most 1,000 runs, not `--long`) ends before most of the optimizing compiler's work pays off: at V8's
 * default budget a default check spends about a third of its CPU compiling functions (on V8's background
 * threads) that it then runs a few hundred times. Optimizing later optimizes only what runs hot for longer;
 * measured on the reference, 300 runs took about a third less CPU at 16× (30 % less at 4×, the first setting),
 * while a 3,000-run check took 10 % more at 4×, so longer checks, and every other command, keep V8's default.
 * Other V8 flags set here were measured and left out (docs/benchmarks.md): `--always-sparkplug`, `--max-lazy`,
 * `--no-concurrent-recompilation`, `--maglev` and turning off parallel scavenge or concurrent marking moved a
 * default check by less than the runs' spread, `--no-lazy-feedback-allocation` cost 11–16 % more CPU, and
 * `--single-threaded` or `--single-threaded-gc` abort V8 when set after start-up.
 */
export function tierUpFactorFor(argv: readonly string[]): number | undefined {
  const [command, ...rest] = argv;
  if (command !== 'check' || rest.includes('--long')) return undefined;
  const at = rest.findLastIndex((arg) => arg === '--runs' || arg.startsWith('--runs='));
  const raw = at < 0 ? undefined : rest[at]?.includes('=') ? rest[at]?.slice('--runs='.length) : rest[at + 1];
  // An unparsable --runs is left to the command to reject.
  if (raw !== undefined && !(Number(raw) <= SHORT_CHECK_MAX_RUNS)) return undefined;
  return SHORT_CHECK_TIER_UP_FACTOR;
}

/**
 * Sets V8's tier-up thresholds for this command line, before the modules that run it are loaded, and records the
 * factor for the adapter module's supervised process, which runs the same steps (`src/util/tierUpFlags.ts`).
 * Measured on `check --adapter examples/quickstart/runtime-adapter.ts` (2026-12-06, alternated, 6 each): 1.46 s of
 * wall clock with the adapter's process at V8's default, 1.30 s at the check's (its optimizing compiler's threads
 * no longer take the second core from the checker).
 */
export function tuneJit(argv: readonly string[]): void {
  const factor = tierUpFactorFor(argv);
  recordTierUpFactor(factor);
  if (factor !== undefined) for (const flag of tierUpFlags(factor)) setFlagsFromString(flag);
}
