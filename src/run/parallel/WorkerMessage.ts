import type { InvariantId } from '../../model/invariants.ts';
import type { CheckOptions } from '../CheckOptions.ts';
import type { ChunkResult } from './RunPlan.ts';

/** What a worker thread is started with: how to load the adapter, what it claims here, the check's options. */
export interface WorkerSetup {
  readonly adapterRef: string;
  /** The adapter's name and version as the main thread loaded it: the worker must load the same one. */
  readonly adapter: { readonly name: string; readonly version: string };
  /** The claims this check judges (a check past known findings drops some). */
  readonly invariants: readonly InvariantId[];
  readonly options: Pick<CheckOptions, 'runs' | 'seed' | 'timeLimitSeconds' | 'maxSteps' | 'long' | 'opTimeoutMs' | 'adapterRef' | 'outDir' | 'recheckEvery' | 'inProcess' | 'loadTimeoutMs'>;
  /** How often the worker says it is alive (ms): a thread that stops saying so is stuck in a synchronous call. */
  readonly beatMs: number;
}

/** Main thread → worker: run this chunk, or stop asking. */
export type ToWorker = { readonly kind: 'chunk'; readonly chunk: number } | { readonly kind: 'stop' };

/** Worker → main thread. */
export type FromWorker =
  | { readonly kind: 'want' }
  | { readonly kind: 'chunk-done'; readonly result: ChunkResult }
  | { readonly kind: 'beat' }
  /** The process groups of the worker's `cmd:` children, whenever they change. */
  | { readonly kind: 'groups'; readonly live: readonly number[] }
  | { readonly kind: 'done' }
  | { readonly kind: 'failed'; readonly message: string; readonly code?: string };
