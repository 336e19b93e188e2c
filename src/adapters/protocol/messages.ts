import type { Capabilities } from '../Adapter.ts';
import type { RuntimeConfig, SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { Operation } from '../../model/Operation.ts';

/** The version of spec/PROTOCOL.md this prunecheck speaks. A child naming another version is refused. */
export const PROTOCOL_VERSION = 1;

/** The methods of protocol v1 and their parameters (spec/PROTOCOL.md §4). */
export interface MethodParams {
  readonly hello: { readonly protocol: number; readonly client: string; readonly spec: string };
  readonly reset: { readonly config: RuntimeConfig };
  readonly apply: { readonly operation: Operation; readonly observe?: readonly string[] };
  readonly observe: { readonly spanIds: readonly string[] };
  readonly request: { readonly signature: string };
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
}

/** One answer line: `result` on success, `error` otherwise; `id` repeats the request's. */
export type Response = { readonly id: number; readonly result: unknown } | { readonly id: number; readonly error: ErrorBody };

/** What a child says about itself in answer to `hello`. */
export interface HelloResult {
  readonly protocol: number;
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
