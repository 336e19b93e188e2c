import type { AuditEntry } from '../model/AuditLog.ts';
import type { InvariantId } from '../model/invariants.ts';
import type { Operation, OperationKind } from '../model/Operation.ts';
import type { Outcome, RequestRecord } from '../model/Outcome.ts';
import type { RuntimeConfig, SpanObservation } from '../model/ReferenceRuntime.ts';

/** A value or a promise of it: adapters may be synchronous or asynchronous. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * What an adapter declares it can do. Operations it does not support are never generated for it; invariants
 * it does not claim are reported "not claimed", never silently passed.
 */
export interface Capabilities {
  readonly operations: readonly OperationKind[];
  readonly invariants: readonly InvariantId[];
}

/**
 * What a combined `step` answers: the observations of the ids asked before, taken before the operation, and the
 * operation's outcome, or what it threw (a misuse, a failure) with the observations still taken before it.
 */
export type StepAnswer =
  | { readonly before: readonly SpanObservation[]; readonly outcome: Outcome }
  | { readonly before: readonly SpanObservation[]; readonly thrown: unknown };

/**
 * One fresh system under test: a pruning runtime for one episode. The harness drives it with `apply` and
 * reads it with `observe`; it verifies what it can itself (it knows the content it appended, so it
 * recomputes digests) rather than trusting what the system reports.
 */
export interface PruningSystem {
  /** Executes one operation and answers its outcome. Throwing is an adapter error at that step. */
  apply(op: Operation): MaybePromise<Outcome>;
  /** What the system holds about these ids: resident view, in-window index entry, external tombstone. */
  observe(spanIds: readonly string[]): MaybePromise<readonly SpanObservation[]>;
  /** The external request ledger's record for a signature, if the system keeps one (INV-09). */
  request?(signature: string): MaybePromise<RequestRecord | undefined>;
  /**
   * Optional: the runtime's audit log, every entry so far, oldest first (INV-12: every operation logged with its
   * outcome, rejected ones too; INV-11: version changes are entries). Without it INV-12 and INV-11 are reported
   * `unknown: not observable`, never passed: nothing else shows the log.
   */
  auditLog?(): MaybePromise<readonly AuditEntry[]>;
  /**
   * Optional: `observe(before)` then `apply(op)` in one call, for a system whose calls are costly (a child over
   * protocol 1.1 answers both in one round trip). When present, the engine calls it instead of the two. `after`
   * names the ids the engine will observe right after the step; a system may observe them in the same call and
   * answer that `observe` from it. Throwing means the step failed as a whole (what it saw before is unknown).
   */
  step?(before: readonly string[], op: Operation, after: readonly string[]): MaybePromise<StepAnswer>;
  /**
   * Optional hint: the operations of a fixed trace (a replay, an explicit example) that the engine will step
   * through next, in order, each within `timeoutMs`. A system may run them ahead (protocol 1.1's `batch`) and
   * answer the steps from that run; it must answer every step exactly as if no plan had been given.
   */
  plan?(operations: readonly Operation[], timeoutMs: number): MaybePromise<void>;
  /** Releases resources (child processes, files). Called once per run, also after failures. */
  close?(): MaybePromise<void>;
}

/**
 * The default export of an adapter module: names the runtime, declares capabilities, and creates a fresh
 * system for each run. Spec: spec/ADAPTER.md.
 */
export interface Adapter {
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly capabilities: Capabilities;
  create(config: RuntimeConfig): MaybePromise<PruningSystem>;
}
