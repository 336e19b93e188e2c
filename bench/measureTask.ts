import { Bench } from 'tinybench';
import type { BatchTask } from './BatchTask.ts';
import { BenchError } from './BenchError.ts';
import type { Fixture } from './Fixture.ts';
import { Rng } from './Rng.ts';
import type { RoundResult } from './combineRounds.ts';

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
 * unit). The measurement is the median sample, so a GC pause in one batch does not move it.
 */
export function measureTask(fx: Fixture, task: BatchTask, options: MeasureOptions, round: number): RoundResult {
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
  bench.add(
    task.path,
    () => {
      const start = performance.now();
      task.run(fx, items);
      const elapsed = performance.now() - start;
      const units = items.length * (task.unitsPerItem?.(fx) ?? 1);
      return { overriddenDuration: elapsed / units, overriddenIterationCost: elapsed };
    },
    {
      beforeAll: () => task.setup?.(fx),
      beforeEach: () => {
        fx.refresh();
        items = task.prepare(fx, rng, count);
      },
      afterEach: (mode) => {
        task.after?.(fx, items);
        if (mode === 'run') ops += items.length;
      },
      afterAll: () => task.teardown?.(fx),
    },
  );
  const [run] = bench.runSync();
  const result = run?.result;
  if (result === undefined || (result.state !== 'completed' && result.state !== 'aborted-with-statistics')) {
    const error = result !== undefined && result.state === 'errored' ? result.error : undefined;
    throw error ?? new BenchError('WRONG_PATH', `${task.subject} ${task.path} at ${fx.size}: tinybench finished in state ${String(result?.state)}`);
  }
  return {
    nsPerOp: result.latency.p50 * 1e6,
    meanNs: result.latency.mean * 1e6,
    rmePercent: result.latency.rme,
    samples: result.latency.samplesCount,
    ops,
  };
}
