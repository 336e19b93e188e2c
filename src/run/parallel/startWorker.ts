import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { WorkerSetup } from './WorkerMessage.ts';

/**
 * Starts a worker thread running src/run/parallel/worker: the compiled `worker.js` in the package; from the
 * TypeScript sources (a clone, the tests), `worker.ts` loaded through tsx, which a worker thread does not
 * inherit from the main thread's loader hooks.
 */
export function startWorker(setup: WorkerSetup): Worker {
  const self = import.meta.url;
  // Loaded here, not at the module's top: a check on one thread never pays for the module (issue 26's start-up).
  const { Worker } = createRequire(self)('node:worker_threads') as typeof import('node:worker_threads');
  if (!self.endsWith('.ts')) return new Worker(new URL('./worker.js', self), { workerData: setup });
  const tsx = join(dirname(createRequire(self).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs');
  const entry = new URL('./worker.ts', self).href;
  const boot = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: setup, execArgv: [] });
}
