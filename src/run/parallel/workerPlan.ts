import type { Worker } from 'node:worker_threads';
import type { Adapter } from '../../adapters/Adapter.ts';
import { forgetGroup, signalGroup, trackGroup } from '../../adapters/protocol/processGroups.ts';
import type { CheckOptions } from '../CheckOptions.ts';
import { CheckOptionsError } from '../CheckOptionsError.ts';
import { InternalError } from '../InternalError.ts';
import { chunkRuns } from './partition.ts';
import type { ChunkResult, ChunkSink, Delegated, FindingData, RunPlan } from './RunPlan.ts';
import { startWorker } from './startWorker.ts';
import type { FromWorker, WorkerSetup } from './WorkerMessage.ts';

/** How often a worker says it is alive, and how long past an operation's timeout silence means it is stuck. */
const BEAT_MS = 200;
const STALL_GRACE_MS = 2_000;

interface Thread {
  readonly worker: Worker;
  /** The chunks handed to it and not yet reported, in order: the first is the one it is running. */
  readonly assigned: number[];
  /** Whether it has asked for work yet: its first request gets a chunk more, so it never waits for the next. */
  asked: boolean;
  lastBeat: number;
  live: readonly number[];
  finished: boolean;
}

/**
 * `--workers N`: the chunks run on N worker threads, each with its own adapter (loaded again from
 * `options.adapterRef`; a `cmd:` adapter starts a child per worker), handed out in run order as threads free
 * up. Runs are counted in run order, below the lowest failing run only, so the tally is the single-process
 * check's; the engine then reproduces and shrinks that run itself. A failure stops new chunks above it; chunks
 * below it still finish, since the verdict is the first failure. A thread silent past an operation's timeout
 * is stuck in a synchronous call: it is stopped, and the chunks from its one on run in the main thread, where
 * the watchdog catches what it is stuck in, as in a single-process check.
 */
export function workerPlan(adapter: Adapter, options: CheckOptions & { readonly runs: number }, chunks: readonly number[], threads: number, onChunk: (result: ChunkResult) => void): RunPlan {
  const adapterRef = options.adapterRef;
  if (adapterRef === undefined) throw new CheckOptionsError(`workers: ${adapter.name} has no adapterRef a worker thread can load it from (a built-in's name, a module path, cmd:…); pass adapterRef, or workers: 1`);
  const started = Date.now();
  const deadline = options.timeLimitSeconds === undefined ? undefined : started + options.timeLimitSeconds * 1000;
  const setup = (): WorkerSetup => ({
    adapterRef,
    adapter: { name: adapter.name, version: adapter.version },
    invariants: adapter.capabilities.invariants,
    beatMs: BEAT_MS,
    options: {
      runs: options.runs,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(deadline === undefined ? {} : { timeLimitSeconds: Math.max(0.001, (deadline - Date.now()) / 1000) }),
      ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
      ...(options.long === undefined ? {} : { long: options.long }),
      ...(options.opTimeoutMs === undefined ? {} : { opTimeoutMs: options.opTimeoutMs }),
      ...(options.outDir === undefined ? {} : { outDir: options.outDir }),
      ...(options.recheckEvery === undefined ? {} : { recheckEvery: options.recheckEvery }),
      ...(options.inProcess === undefined ? {} : { inProcess: options.inProcess }),
      ...(options.loadTimeoutMs === undefined ? {} : { loadTimeoutMs: options.loadTimeoutMs }),
      adapterRef,
    },
  });
  const stallMs = (options.opTimeoutMs ?? 5_000) + STALL_GRACE_MS;
  return { kind: 'delegate', onChunk, run: (sink) => runOnWorkers({ chunks, threads, runs: options.runs, setup, stallMs, deadline, onChunk }, sink) };
}

interface Pool {
  readonly chunks: readonly number[];
  readonly threads: number;
  readonly runs: number;
  readonly setup: () => WorkerSetup;
  readonly stallMs: number;
  readonly deadline: number | undefined;
  readonly onChunk: (result: ChunkResult) => void;
}

function runOnWorkers(pool: Pool, sink: ChunkSink): Promise<Delegated> {
  const { chunks, runs } = pool;
  const start = (chunk: number): number => chunkRuns(chunk, runs).start;
  const results = new Map<number, ChunkResult>();
  let next = 0;
  let counted = 0;
  /** The lowest failing run so far, and its finding. */
  let failedRun = Number.POSITIVE_INFINITY;
  let finding: FindingData | undefined;
  /** The first chunk a stuck thread was running. */
  let stalled: number | undefined;
  let stoppedEarly = false;
  const pool_: Thread[] = [];

  return new Promise<Delegated>((resolve, reject) => {
    let settled = false;
    const bound = (): number => Math.min(failedRun, stalled === undefined ? Number.POSITIVE_INFINITY : start(stalled) - 1);
    const finish = (error?: Error): void => {
      if (settled || (error === undefined && pool_.some((t) => !t.finished))) return;
      settled = true;
      clearInterval(watchdog);
      for (const thread of pool_) stop(thread);
      if (error !== undefined) return reject(error);
      if (stalled !== undefined && !(failedRun < start(stalled))) return resolve({ resumeChunks: chunks.filter((c) => c >= (stalled ?? 0)), stoppedEarly });
      resolve({ ...(Number.isFinite(failedRun) ? { failedRun } : {}), ...(finding === undefined ? {} : { finding }), stoppedEarly });
    };
    /** Counts finished chunks in run order, up to the first failure. */
    const count = (): void => {
      for (let chunk = chunks[counted]; chunk !== undefined && start(chunk) <= bound(); chunk = chunks[counted]) {
        const result = results.get(chunk);
        if (result === undefined) return;
        sink.absorb(result);
        pool.onChunk(result);
        counted += 1;
      }
    };
    const stop = (thread: Thread): void => {
      thread.finished = true;
      // Its children's groups: the main thread kills them now, and forgets them.
      for (const pid of thread.live) {
        signalGroup(pid);
        forgetGroup(pid);
      }
      void thread.worker.terminate();
    };
    const hand = (thread: Thread): void => {
      const chunk = chunks[next];
      const late = pool.deadline !== undefined && Date.now() >= pool.deadline;
      if (late && chunk !== undefined) stoppedEarly = true;
      if (chunk === undefined || late || start(chunk) > bound()) return thread.worker.postMessage({ kind: 'stop' });
      next += 1;
      thread.assigned.push(chunk);
      thread.worker.postMessage({ kind: 'chunk', chunk });
    };
    const onMessage = (thread: Thread, message: FromWorker): void => {
      thread.lastBeat = Date.now();
      switch (message.kind) {
        case 'want':
          if (!thread.asked) {
            thread.asked = true;
            hand(thread);
          }
          return hand(thread);
        case 'chunk-done': {
          const { result } = message;
          thread.assigned.splice(thread.assigned.indexOf(result.chunk), 1);
          results.set(result.chunk, result);
          sink.keep(result.saved);
          if (result.stoppedEarly) stoppedEarly = true;
          if (result.failedRun !== undefined && result.failedRun < failedRun) {
            failedRun = result.failedRun;
            finding = result.finding;
            if (finding !== undefined) sink.adopt(finding);
          }
          return count();
        }
        case 'groups':
          for (const pid of message.live) if (!thread.live.includes(pid)) trackGroup(pid);
          for (const pid of thread.live) if (!message.live.includes(pid)) forgetGroup(pid);
          thread.live = message.live;
          return;
        case 'done':
          thread.finished = true;
          void thread.worker.terminate();
          return finish();
        case 'failed':
          return finish(message.code === 'OTHER_ADAPTER' || message.code === 'UNKNOWN_ADAPTER' || message.code === 'BAD_ADAPTER' ? new CheckOptionsError(`workers: ${message.message}; pass workers: 1 (--workers 1), or an adapter reference a worker thread loads the same`) : new InternalError(`a worker thread of the check failed: ${message.message}`));
        case 'beat':
          return;
      }
    };
    const watchdog = setInterval(() => {
      const now = Date.now();
      for (const thread of pool_) {
        const running = thread.assigned[0];
        if (thread.finished || running === undefined || now - thread.lastBeat <= pool.stallMs) continue;
        // Stuck in a synchronous call: no timer of its own can stop it. Its chunk and those after it run here.
        stalled = Math.min(stalled ?? running, running);
        stop(thread);
      }
      finish();
    }, BEAT_MS);
    watchdog.unref();
    for (let i = 0; i < pool.threads; i += 1) {
      const thread: Thread = { worker: startWorker(pool.setup()), assigned: [], asked: false, lastBeat: Date.now(), live: [], finished: false };
      pool_.push(thread);
      thread.worker.on('message', (message: FromWorker) => onMessage(thread, message));
      thread.worker.on('error', (error) => finish(new InternalError(`a worker thread of the check failed: ${error.message}`, { cause: error })));
      thread.worker.on('exit', () => {
        if (!thread.finished) finish(new InternalError('a worker thread of the check exited before it was done'));
      });
    }
  });
}
