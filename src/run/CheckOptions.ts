import type { CheckProgress } from '../check/CheckProgress.ts';
import type { Shard } from './parallel/partition.ts';


/** Options of `checkAdapter`. Every default is what `prunecheck check` uses. */
export interface CheckOptions {
  /** Number of generated episodes. Default 300. */
  readonly runs?: number;
  /** fast-check seed. Default: drawn from the clock and printed in the report. */
  readonly seed?: number;
  /** Stop generating new runs after this many seconds (the runs done so far count). */
  readonly timeLimitSeconds?: number;
  /** Longest generated episode, in operations. Default 80 (600 with `long`). */
  readonly maxSteps?: number;
  /** Long episodes: 500 to 600 operations each (`maxSteps` still caps them), for state that only breaks late. */
  readonly long?: boolean;
  /** Per-operation timeout for asynchronous adapters, in ms. Default 5000. */
  readonly opTimeoutMs?: number;
  /** How the CLI names the adapter (`reference`, a path, `cmd:...`), written into replay commands. */
  readonly adapterRef?: string;
  /** Where counterexamples are written. Default `reports/counterexamples`. */
  readonly outDir?: string;
  /**
   * Fresh systems a finding's shrunk trace is re-run on before it is reported; if they answer differently the
   * verdict is `diverged` (nondeterminism), naming the first step and field that differ. Default 3; 0: none.
   */
  readonly reruns?: number;
  /**
   * Recheck every id and signature an episode touched against the reference after every this many steps and at
   * the end of each run (residency, markers, tombstones, ledger records), so state that decays after the step
   * that made it is found. Default 16; 0 turns rechecking off.
   */
  readonly recheckEvery?: number;
  /** Run the recorded incident scenarios as explicit examples before generated runs. Default true. */
  readonly examples?: boolean;
  /**
   * Worker threads running the generated runs (runtime mode; a `cmd:` adapter gets a child per worker): the
   * same seed gives the same verdict, runs, situations and counterexample for any number. Default 1 here
   * (library users decide for their process); the CLI's default is every core from 10,000 runs, else 1 (docs/cli.md:
   * below that, the threads' start-up was not earned back on a 2-core machine).
   */
  readonly workers?: number;
  /** Run only this part of the runs (`--shard i/n`, `index` from 1); `prunecheck merge` joins the reports. */
  readonly shard?: Shard;
  readonly onProgress?: (progress: CheckProgress) => void;
  /**
   * An adapter named by a module path (`./theirs.ts`) runs in a process of its own that prunecheck supervises,
   * so an exit, a crash or a hang in it is a verdict. `true` imports it into this process instead (faster per
   * step; the report says so). Adapter objects given to `checkAdapter` always run in the caller's process.
   */
  readonly inProcess?: boolean;
  /** How long a supervised adapter module may take to load, in ms; past it the verdict is `unknown`. Default 30000. */
  readonly loadTimeoutMs?: number;
}
