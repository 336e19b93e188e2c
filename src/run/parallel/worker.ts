import { parentPort, workerData } from 'node:worker_threads';
import type { Adapter } from '../../adapters/Adapter.ts';
import { watchGroups } from '../../adapters/protocol/processGroups.ts';
import { resolveAdapter } from '../../subjects/resolveAdapter.ts';
import { checkAdapter } from '../runtime/checkAdapter.ts';
import type { FromWorker, ToWorker, WorkerSetup } from './WorkerMessage.ts';

/**
 * A worker thread of `--workers N` (src/run/parallel/workerPlan.ts): loads the adapter again from its
 * reference (a `cmd:` adapter starts children of its own), then runs the chunks the main thread hands it, one
 * at a time, with the single-process engine, and reports each. It never shrinks: the main thread reproduces
 * and shrinks the first failure, as a single-process check would.
 */
const port = parentPort;
if (port === null) throw new Error('src/run/parallel/worker.ts runs as a worker thread of workerPlan');
const setup = workerData as WorkerSetup;
const post = (message: FromWorker): void => port.postMessage(message);

const inbox: (number | undefined)[] = [];
let waiting: ((chunk: number | undefined) => void) | undefined;
port.on('message', (message: ToWorker) => {
  const chunk = message.kind === 'chunk' ? message.chunk : undefined;
  if (waiting === undefined) inbox.push(chunk);
  else {
    const wake = waiting;
    waiting = undefined;
    wake(chunk);
  }
});

async function* chunks(): AsyncGenerator<number> {
  for (;;) {
    post({ kind: 'want' });
    const chunk = inbox.length > 0 ? inbox.shift() : await new Promise<number | undefined>((resolve) => (waiting = resolve));
    if (chunk === undefined) return;
    yield chunk;
  }
}

/** The same adapter, judged on the claims the main thread's check judges. */
function withClaims(adapter: Adapter, invariants: WorkerSetup['invariants']): Adapter {
  return Object.assign(Object.create(adapter) as Adapter, { capabilities: { ...adapter.capabilities, invariants } });
}

async function work(): Promise<void> {
  const beat = setInterval(() => post({ kind: 'beat' }), setup.beatMs);
  watchGroups((live) => post({ kind: 'groups', live }));
  const { inProcess, loadTimeoutMs, opTimeoutMs } = setup.options;
  // A module runs in a supervised process of this worker's own, as it does on the main thread.
  const resolved = await resolveAdapter(setup.adapterRef, { ...(inProcess === undefined ? {} : { inProcess }), ...(loadTimeoutMs === undefined ? {} : { loadTimeoutMs }), ...(opTimeoutMs === undefined ? {} : { opTimeoutMs }) });
  const loaded = resolved.adapter;
  try {
    if (resolved.mode !== 'runtime' || loaded.name !== setup.adapter.name || loaded.version !== setup.adapter.version) {
      throw Object.assign(new Error(`'${setup.adapterRef}' loads ${loaded.name} ${loaded.version} in a worker thread, not ${setup.adapter.name} ${setup.adapter.version}`), { code: 'OTHER_ADAPTER' });
    }
    await checkAdapter(withClaims(resolved.adapter, setup.invariants), {
      ...setup.options,
      examples: false,
      reruns: 0,
      plan: { kind: 'chunks', chunks: chunks(), shrink: false, onChunk: (result) => post({ kind: 'chunk-done', result }) },
    });
  } finally {
    // A `cmd:` adapter keeps idle children between runs: stop them before saying done.
    if ('drain' in loaded && typeof loaded.drain === 'function') await (loaded.drain as () => Promise<void>)();
    clearInterval(beat);
  }
}

work().then(
  () => post({ kind: 'done' }),
  (error: unknown) => post({ kind: 'failed', message: error instanceof Error ? error.message : String(error), ...(typeof (error as { code?: unknown }).code === 'string' ? { code: (error as { code: string }).code } : {}) }),
);
