import type { RawKind, SpanInput } from './Span.ts';

/**
 * Everything that can happen to a pruning runtime, as data. World events (`append`, `persist`, `rotate`,
 * `edit`, `callTool`, `setVersion`) come from the environment; directives (`prune`, `summarize`, `reframe`,
 * `compact`, `restore`) come from the model or the runtime's policy; queries (`lookup`, `claim`) read state.
 * Operations are plain JSON so they can be generated, logged, written to a counterexample and replayed.
 */
export type Operation =
  | AppendOp
  | PersistOp
  | RotateOp
  | OverwriteOp
  | EditOp
  | PruneOp
  | SummarizeOp
  | ReframeOp
  | CompactOp
  | RestoreOp
  | LookupOp
  | ClaimOp
  | CallToolOp
  | SetVersionOp;

export type OperationKind = Operation['kind'];

/** Adds a span at the tail of the window. At capacity the answer is `window-full`, never a crash (INV-13). */
export interface AppendOp {
  readonly kind: 'append';
  readonly span: SpanInput;
}

/** Copies a resident span to the backing store (the runtime's durable log), yielding a handle. */
export interface PersistOp {
  readonly kind: 'persist';
  readonly spanId: string;
}

/**
 * Retention in the backing store expires copies, invisibly to the model (seed 002: the log "had been rotated
 * out of the durable store two hours earlier"). Every copy of each named span expires, older ones included;
 * without `spanIds`, every copy in the store does.
 */
export interface RotateOp {
  readonly kind: 'rotate';
  readonly spanIds?: readonly string[];
}

/**
 * The backing store's copies of a span now hold other bytes, invisibly to the model: a log rewritten in place,
 * a file changed on disk, a cache refreshed (seed 002: "The runtime returns an empty or stale result"). Every live
 * copy of the span changes; expired ones stay expired.
 */
export interface OverwriteOp {
  readonly kind: 'overwrite';
  readonly spanId: string;
  readonly content: string;
}

/** Changes the content of a resident span (a tool result refreshed in place, a scratchpad rewritten). */
export interface EditOp {
  readonly kind: 'edit';
  readonly spanId: string;
  readonly content: string;
}

/**
 * The model's `prune(span_id)` directive (seed 002). `claimSafe` is the model's own assertion that the span is
 * safe to drop: recorded, never trusted (INV-03). `acceptLossy` is the explicit opt-in to lossy commitment.
 */
export interface PruneOp {
  readonly kind: 'prune';
  readonly spanId: string;
  readonly acceptLossy?: boolean;
  readonly claimSafe?: boolean;
}

/**
 * Writes a summary of resident spans as a new `summary` span. Sources stay resident; dropping them is a
 * separate `prune`, gated at its own execution time. Summarizing a span that already carries a provenance
 * marker is refused unless `escalate` is set (INV-05).
 */
export interface SummarizeOp {
  readonly kind: 'summarize';
  readonly summaryId: string;
  readonly sourceIds: readonly string[];
  readonly content: string;
  readonly tokens?: number;
  readonly score?: number;
  readonly escalate?: boolean;
}

/**
 * The task changes its question (seed 001, step 9). Every span is re-scored (`scores` names new base scores;
 * the rest keep theirs), derivability established under the old frame lapses, and `derivations` re-declares
 * derivations under the new frame; the runtime verifies them against resident spans (INV-08).
 */
export interface ReframeOp {
  readonly kind: 'reframe';
  readonly frame: string;
  readonly scores?: Readonly<Record<string, number>>;
  readonly derivations?: Readonly<Record<string, readonly string[]>>;
}

/** The runtime's own retention policy: evicts resident spans scoring below `threshold`, where safe (INV-07). */
export interface CompactOp {
  readonly kind: 'compact';
  readonly threshold: number;
}

/** Re-expands a pruned span from its backing copy into the window. */
export interface RestoreOp {
  readonly kind: 'restore';
  readonly spanId: string;
}

/** Asks what the runtime knows of a span id (INV-04). Any id, including ones never seen. */
export interface LookupOp {
  readonly kind: 'lookup';
  readonly spanId: string;
}

/**
 * Asks whether a claim is substantiated. A positive claim rests on `requiredIds` (INV-10). A negative claim
 * (`negative: true`: "no error occurred", "X never happened") rests on the absence of evidence: on every raw
 * observation the runtime has seen (of `rawKinds`, all kinds when omitted), so `requiredIds` is empty (INV-28).
 */
export interface ClaimOp {
  readonly kind: 'claim';
  readonly claim: string;
  readonly requiredIds: readonly string[];
  readonly negative?: boolean;
  readonly rawKinds?: readonly RawKind[];
}

/**
 * A side-effecting tool call (a write, a payment, a message): the model asks, the runtime consults its effect
 * ledger (INV-09) and either lets the call go out (`executed`) or refuses it. `signature` identifies the
 * request for deduplication. What the world answered when a call goes out is part of the event: `status` and
 * `retryAfter` (the upstream's structured back-off, in seconds, when it sent one). The episode's clock is world
 * time too: `at` says when the call is made.
 */
export interface CallToolOp {
  readonly kind: 'callTool';
  readonly signature: string;
  readonly requestId: string;
  readonly retryAfter?: number;
  /**
   * What the world answered, if the call goes out: `accepted` (done; the default), `failed` (it did not take
   * effect: a 429, a validation error) or `unknown` (it may have taken effect: a timeout, a 5xx after the
   * upstream accepted the work).
   */
  readonly status?: CallStatus;
  /** The episode clock in seconds when the call is made; never earlier than the clock (misuse). Default: the clock. */
  readonly at?: number;
  /** The idempotency key the call carries: a retry of an unknown outcome with the same key is safe (D-18). */
  readonly idempotencyKey?: string;
}

/** What the world answered to a call that went out (INV-09, D-18). */
export type CallStatus = 'accepted' | 'failed' | 'unknown';

export const CALL_STATUSES: readonly CallStatus[] = ['accepted', 'failed', 'unknown'];

/** The scoring / summarizing model or the pruning policy changed version: an event in the log (INV-11). */
export interface SetVersionOp {
  readonly kind: 'setVersion';
  readonly modelVersion?: string;
  readonly policyVersion?: string;
}

export const OPERATION_KINDS: readonly OperationKind[] = [
  'append',
  'persist',
  'rotate',
  'overwrite',
  'edit',
  'prune',
  'summarize',
  'reframe',
  'compact',
  'restore',
  'lookup',
  'claim',
  'callTool',
  'setVersion',
];
