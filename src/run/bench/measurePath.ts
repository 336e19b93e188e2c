import { Bench } from 'tinybench';
import { clockOverhead, cpuNow } from './cpuClock.ts';

/**
 * One path of one subject at one size. `prepare` builds fresh state for one iteration (untimed); `run` is the
 * timed part and answers how many calls it made; `verify` (untimed) answers why the iteration did not measure
 * the path, or undefined when it did.
 */
export interface TimedPath<S> {
  prepare(): Promise<S>;
  run(state: S): Promise<number>;
  verify?(state: S): Promise<string | undefined> | string | undefined;
  /** Releases an iteration's state (closes a child's episode). */
  release?(state: S): Promise<void> | void;
}

export interface MeasureBudget {
  /** `cpu`: this process's CPU time; `wall`: elapsed time (a child process's work counts). */
  readonly clock: 'cpu' | 'wall';
  /** Timed milliseconds to collect before stopping, once `minIterations` are in; at most twice this in wall time. */
  readonly timeMs: number;
  readonly minIterations: number;
  /** Wall milliseconds (preparation included) after which the path stops with what it has. */
  readonly budgetMs: number;
}

/** A path's figure, or why it has none. */
export type PathMeasurement = { readonly kind: 'measured'; readonly nsPerCall: number; readonly samples: number; readonly calls: number; /** Wall milliseconds of the slowest iteration, preparation included. */ readonly iterationMs: number } | { readonly kind: 'wrong-path'; readonly reason: string };

const wallNow = (): number => performance.now();

/**
 * Runs one path under tinybench, one iteration per fresh state: the sample is the iteration's cost per call,
 * the figure the median sample (a GC pause or a burst of load in one iteration does not move it). The first
 * iteration whose `verify` objects ends the path as `wrong-path`: a figure of some other path would be a lie.
 */
export async function measurePath<S>(name: string, path: TimedPath<S>, budget: MeasureBudget): Promise<PathMeasurement> {
  const now = budget.clock === 'cpu' ? cpuNow : wallNow;
  const overhead = clockOverhead(now);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), budget.budgetMs);
  let state: S | undefined;
  let calls = 0;
  let total = 0;
  let wrong: string | undefined;
  let runs = 0;
  let iterationStart = 0;
  let slowest = 0;
  const started = wallNow();
  const bench = new Bench({ name, time: budget.timeMs, iterations: budget.minIterations, warmupIterations: 1, warmupTime: 0, throws: true, signal: abort.signal });
  bench.add(
    name,
    async () => {
      const t0 = now();
      calls = await path.run(state as S);
      const elapsed = Math.max(0, now() - t0 - overhead);
      return { overriddenDuration: elapsed / Math.max(1, calls), overriddenIterationCost: elapsed };
    },
    {
      async: true,
      beforeEach: async () => {
        iterationStart = wallNow();
        state = await path.prepare();
      },
      afterEach: async (mode) => {
        const s = state as S;
        const reason = await path.verify?.(s);
        await path.release?.(s);
        state = undefined;
        if (reason !== undefined) {
          wrong ??= reason;
          abort.abort();
        }
        if (mode === 'run' && reason === undefined) {
          slowest = Math.max(slowest, wallNow() - iterationStart);
          total += calls;
          runs += 1;
          // Where preparing fresh state costs far more than the timed call (a small history), the timed total
          // would take thousands of preparations to reach: stop at twice the time in wall clock instead.
          if (runs >= budget.minIterations && wallNow() - started > 2 * budget.timeMs) abort.abort();
        }
      },
    },
  );
  try {
    const [task] = await bench.run();
    if (wrong !== undefined) return { kind: 'wrong-path', reason: wrong };
    const result = task?.result;
    if (result === undefined || (result.state !== 'completed' && result.state !== 'aborted-with-statistics')) {
      if (result?.state === 'errored') throw result.error;
      return { kind: 'wrong-path', reason: `no iteration finished within ${Math.round(budget.budgetMs / 1000)} s` };
    }
    return { kind: 'measured', nsPerCall: result.latency.p50 * 1e6, samples: result.latency.samplesCount, calls: total, iterationMs: slowest };
  } finally {
    clearTimeout(timer);
  }
}
