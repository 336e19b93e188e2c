import { Bench } from 'tinybench';
import type { BatchTask, TaskFixture } from './BatchTask.ts';
import { BenchError } from './BenchError.ts';
import { Rng } from '../src/run/bench/Rng.ts';
import type { RoundResult } from './combineRounds.ts';
import { clockOverhead, cpuNow, median } from '../src/run/bench/cpuClock.ts';

export { cpuNow, median } from '../src/run/bench/cpuClock.ts';

export interface MeasureOptions {
  readonly seed: number;
  readonly timeMs: number;
  readonly minBatches: number;
  /** Items per batch before the task's own cap. */
  readonly batch: number;
}

/**
 * Runs one task under tinybench. Each tinybench iteration is one batch: `prepare` and `after` run in the
 * untimed hooks, the batch is timed around `run` only, and the sample is the batch's mean cost per item (per
 * unit). The clock is the process's CPU time (the machine is shared: time spent waiting for a core is not the
 * runtime's cost); wall time is recorded beside it. The measurement is the median sample, so a GC pause in one
 * batch does not move it.
 */
export async function measureTask<F extends TaskFixture>(fx: F, task: BatchTask<unknown, F>, options: MeasureOptions, round: number): Promise<RoundResult> {
  const rng = new Rng(options.seed, `${task.subject}:${task.path}:${fx.size}:${round}`);
  const count = Math.max(1, task.batchSize(fx, options.batch));
  let items: unknown[] = [];
  let ops = 0;
  const bench = new Bench({
    name: `${task.subject} ${task.path} @ ${fx.size}`,
    time: options.timeMs,
    iterations: options.minBatches,
    warmupTime: Math.min(50, options.timeMs),
    warmupIterations: 2,
    throws: true,
  });
  const overhead = clockOverhead();
  const wall: number[] = [];
  let lastWall = 0;
  const timing = (cpu: number, wallElapsed: number): { overriddenDuration: number; overriddenIterationCost: number } => {
    const units = items.length * (task.unitsPerItem?.(fx) ?? 1);
    const elapsed = Math.max(0, cpu - overhead);
    lastWall = wallElapsed / units;
    return { overriddenDuration: elapsed / units, overriddenIterationCost: elapsed };
  };
  bench.add(
    task.path,
    task.async === true
      ? async () => {
          const wall0 = performance.now();
          const cpu0 = cpuNow();
          await task.run(fx, items);
          const cpu = cpuNow() - cpu0;
          return timing(cpu, performance.now() - wall0);
        }
      : () => {
          const wall0 = performance.now();
          const cpu0 = cpuNow();
          void task.run(fx, items);
          const cpu = cpuNow() - cpu0;
          return timing(cpu, performance.now() - wall0);
        },
    {
      async: task.async === true,
      beforeAll: () => task.setup?.(fx),
      beforeEach: () => {
        fx.refresh();
        items = task.prepare(fx, rng, count);
      },
      afterEach: async (mode) => {
        await task.after?.(fx, items);
        if (mode === 'run') {
          ops += items.length;
          wall.push(lastWall);
        }
      },
      afterAll: () => task.teardown?.(fx),
    },
  );
  const [run] = await bench.run();
  const result = run?.result;
  if (result === undefined || (result.state !== 'completed' && result.state !== 'aborted-with-statistics')) {
    const error = result !== undefined && result.state === 'errored' ? result.error : undefined;
    throw error ?? new BenchError('WRONG_PATH', `${task.subject} ${task.path} at ${fx.size}: tinybench finished in state ${String(result?.state)}`);
  }
  return {
    nsPerOp: result.latency.p50 * 1e6,
    wallNsPerOp: median(wall) * 1e6,
    meanNs: result.latency.mean * 1e6,
    rmePercent: result.latency.rme,
    samples: result.latency.samplesCount,
    ops,
  };
}
