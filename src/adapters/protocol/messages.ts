import type { Capabilities } from '../Adapter.ts';
import type { RuntimeConfig, SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { Operation } from '../../model/Operation.ts';

/** The major version of spec/PROTOCOL.md this prunecheck speaks. A child naming another major version is refused. */
export const PROTOCOL_VERSION = 1;

/**
 * The highest minor version of protocol 1 this prunecheck speaks, offered in `hello` and negotiated down to the
 * child's: 1.1 adds `step` (observe, apply, observe in one round trip) and `batch` (a whole trace in one); 1.2
 * adds `auditLog` (the runtime's audit log, which INV-11 and INV-12 need to be judged at all).
 */
export const PROTOCOL_MINOR = 2;

/** One engine step (protocol 1.1, spec/PROTOCOL.md §4.6): the ids observed before, the operation, the ids observed after. */
export interface StepParams {
  readonly before: readonly string[];
  readonly operation: Operation;
  readonly after: readonly string[];
  /** A `callTool`'s signature: the answer carries the ledger's record for it, read after the operation. */
  readonly request?: string;
}

/** The methods of protocol 1.1 and their parameters (spec/PROTOCOL.md §4). */
export interface MethodParams {
  readonly hello: { readonly protocol: number; readonly minor: number; readonly client: string; readonly spec: string };
  readonly reset: { readonly config: RuntimeConfig };
  readonly apply: { readonly operation: Operation; readonly observe?: readonly string[] };
  readonly observe: { readonly spanIds: readonly string[] };
  readonly request: { readonly signature: string };
  readonly step: StepParams;
  readonly batch: { readonly steps: readonly StepParams[] };
  /** Protocol 1.2: the runtime's audit log (spec/PROTOCOL.md §4.8). */
  readonly auditLog: Record<string, never>;
}

export type Method = keyof MethodParams;

/** One request line. Ids are positive integers, increasing by one per request over the life of the child. */
export interface Request<M extends Method = Method> {
  readonly id: number;
  readonly method: M;
  readonly params: MethodParams[M];
}

/**
 * How a child reports that it did not execute a request. `misuse`: the request is malformed in the sense of
 * SPEC.md §2 (the reference's `ModelError`; `code` is one of its codes) and changed nothing. `internal`: the
 * runtime failed; prunecheck reports it as an adapter error at that step.
 */
export interface ErrorBody {
  readonly kind: 'misuse' | 'internal';
  readonly code: string;
  readonly message: string;
  /** In an error answer to `step` (and a `batch` entry): the observations taken before the operation failed. */
  readonly before?: unknown;
}

/** One answer line: `result` on success, `error` otherwise; `id` repeats the request's. */
export type Response = { readonly id: number; readonly result: unknown } | { readonly id: number; readonly error: ErrorBody };

/** What a child says about itself in answer to `hello`. */
export interface HelloResult {
  readonly protocol: number;
  /** The negotiated minor version: the child's, never above `PROTOCOL_MINOR`; 0 for a 1.0 child. */
  readonly minor: number;
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly capabilities: Capabilities;
  /** True when `reset` fully replaces the episode, so prunecheck may reuse the process across runs. */
  readonly reset: boolean;
}

/** The result of `apply`: the outcome, and the observations of `params.observe` taken right after it. */
export interface ApplyResult {
  readonly outcome: unknown;
  readonly observations?: readonly SpanObservation[];
}
