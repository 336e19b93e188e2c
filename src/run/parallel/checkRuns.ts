import { availableParallelism } from 'node:os';
import type { Adapter } from '../../adapters/Adapter.ts';
import type { CheckOptions } from '../CheckOptions.ts';
import { CheckOptionsError } from '../CheckOptionsError.ts';
import type { CheckReport, InvariantResult } from '../CheckReport.ts';
import { checkAdapter, DEFAULTS, maxStepsOf } from '../runtime/checkAdapter.ts';
import { chunkCount, chunkSize, shardChunks } from './partition.ts';
import type { ChunkResult, RunPlan } from './RunPlan.ts';
import type { ShardChunk, ShardInfo } from './ShardInfo.ts';

export type RuntimeEngine = (adapter: Adapter, options: CheckOptions & { readonly plan?: RunPlan }) => Promise<CheckReport>;

/** Refuses a shard or a worker count no check can run, naming the option and a value that works. */
/** The cores this process may use. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Runs from which the CLI's `--workers` defaults to every core: below it, one thread. Each worker thread pays its
 * own start-up and JIT warm-up; on the 2-core machine prunecheck is developed on, two threads broke even with one
 * at about 10,000 runs of the reference (docs/cli.md).
 */
export const AUTO_WORKERS_MIN_RUNS = 10_000;

/** The CLI's `--workers` when none is given: every core for a check of `runs` runs that earns back the start-up, else 1. */
export function autoWorkers(runs: number): number {
  return runs >= AUTO_WORKERS_MIN_RUNS ? defaultWorkers() : 1;
}

export function validateParallel(options: Pick<CheckOptions, 'workers' | 'shard'>): void {
  const { workers, shard } = options;
  if (workers !== undefined && !(Number.isSafeInteger(workers) && workers >= 1)) throw new CheckOptionsError(`workers must be a whole number of threads, 1 or more, got ${String(workers)}; e.g. workers: 2 (1 runs every run in this thread)`);
  if (shard === undefined) return;
  const { index, count } = shard;
  if (!Number.isSafeInteger(count) || count < 1) throw new CheckOptionsError(`shard.count must be the number of shards, 1 or more, got ${String(count)}; e.g. shard: { index: 1, count: 3 }`);
  if (!Number.isSafeInteger(index) || index < 1 || index > count) throw new CheckOptionsError(`shard.index must be from 1 to shard.count (${count}), got ${String(index)}; shards are numbered from 1, e.g. shard: { index: 1, count: ${count} }`);
}

/**
 * The runtime engine with issue 14's two ways of splitting a check (src/run/parallel): `workers` threads share
 * the runs, and `shard` runs one part of them for `prunecheck merge` to join. Both run the same episodes as a
 * single-process check (src/run/parallel/partition.ts) and report its verdict, runs, situations and
 * counterexample; `workers: 1` with no shard is exactly the single-process engine.
 */
export async function checkRuns(adapter: Adapter, options: CheckOptions = {}, engine: RuntimeEngine = checkAdapter): Promise<CheckReport> {
  validateParallel(options);
  const { shard, workers = 1, ...rest } = options;
  const runs = rest.runs ?? DEFAULTS.runs;
  const chunks = shard === undefined ? Array.from({ length: chunkCount(runs) }, (_, chunk) => chunk) : shardChunks(shard, runs);
  const recorded: ShardChunk[] = [];
  let cut = false;
  const record = (r: ChunkResult): void => {
    cut ||= r.stoppedEarly;
    recorded.push({ chunk: r.chunk, totals: r.totals, opsChecked: r.opsChecked, ...(r.failedRun === undefined ? {} : { failedRun: r.failedRun }) });
  };
  const threads = Math.min(workers, chunks.length);
  // Worker threads load with their plan: a one-thread check (the default below AUTO_WORKERS_MIN_RUNS) does not pay
  // for node:worker_threads and the performance modules it brings (issue 26: start-up).
  const onWorkers = threads > 1 ? (await import('./workerPlan.ts')).workerPlan(adapter, { ...rest, runs }, chunks, threads, record) : undefined;
  if (shard === undefined) return engine(adapter, onWorkers === undefined ? rest : { ...rest, plan: onWorkers });
  const plan: RunPlan = onWorkers ?? { kind: 'chunks', chunks, shrink: true, onChunk: record };
  // Recorded incidents run once per check: in shard 1.
  const report = await engine(adapter, { ...rest, ...(shard.index === 1 ? {} : { examples: false }), plan });
  return shardReport(report, {
    index: shard.index,
    count: shard.count,
    runsTotal: runs,
    chunkSize: chunkSize(runs),
    check: { maxSteps: maxStepsOf(rest), long: rest.long === true, recheckEvery: rest.recheckEvery ?? DEFAULTS.recheckEvery, examples: rest.examples !== false },
    claimed: adapter.capabilities.invariants,
    operations: adapter.capabilities.operations,
    chunks: [...recorded].sort((a, b) => a.chunk - b.chunk),
    ...firstFailure(recorded),
    stoppedEarly: cut || (recorded.length < chunks.length && recorded.every((c) => c.failedRun === undefined)),
  });
}

function firstFailure(chunks: readonly ShardChunk[]): { failedRun?: number } {
  const runs = chunks.flatMap((c) => (c.failedRun === undefined ? [] : [c.failedRun]));
  return runs.length === 0 ? {} : { failedRun: Math.min(...runs) };
}

/**
 * A shard never passes on its own: with no finding, its verdict waits for the merged report, which counts
 * every shard's runs towards the coverage gates. A finding is reported as in any check.
 */
function shardReport(report: CheckReport, shard: ShardInfo): CheckReport {
  if (report.violations.length > 0 || (report.verdict !== 'conformant' && report.verdict !== 'unknown')) return { ...report, shard };
  const runs = `${report.runs} of the check's ${shard.runsTotal} runs`;
  const reason = `shard ${shard.index}/${shard.count} ran ${runs} with no finding; the verdict and the coverage gates are the merged report's (prunecheck merge, with all ${shard.count} shard reports)`;
  const alone = report.error === undefined ? '' : `; on this shard's runs alone: ${report.error}`;
  const invariants = report.invariants.map((r): InvariantResult => (r.status === 'passed' || r.status === 'inconclusive' ? { invariant: r.invariant, status: 'inconclusive', ...(r.checked === undefined ? {} : { checked: r.checked }), reason } : r));
  return { ...report, verdict: 'unknown', invariants, error: `${reason}${alone}`, shard };
}
