import { ModelError, type ModelErrorCode } from '../../model/ModelError.ts';
import { describeThrown } from '../../util/safeJson.ts';
import { ThrownValueError } from '../../util/withTimeout.ts';
import type { PlannedStep } from './StepPlanner.ts';
import type { WireLogTail } from './LogSender.ts';
import type { WireObserved } from './ObservationSender.ts';

/**
 * The messages between prunecheck and a supervised adapter process (`subjectChild.ts`), over Node's IPC channel
 * with structured-clone serialization, so `undefined` fields and arrays cross as they are in-process.
 */

/** What the child says about the adapter it loaded: the fields the engines read, never its functions. */
export type SubjectDescriptor =
  | { readonly mode: 'runtime'; readonly adapter: { readonly name: string; readonly version: string; readonly description?: string; readonly capabilities: unknown } }
  | { readonly mode: 'policy'; readonly adapter: Readonly<Record<string, unknown>> };

/** Which kind of adapter the caller accepts; the child validates the module's default export as that. */
export type ExpectedMode = 'any' | 'runtime' | 'policy';

/** A value thrown in the child, carried so the checker sees what an in-process call would have thrown. */
export type WireError =
  | { readonly kind: 'model'; readonly code: string; readonly operation: string; readonly message: string }
  | { readonly kind: 'error'; readonly name: string; readonly message: string; readonly code?: string }
  | { readonly kind: 'value'; readonly description: string }
  /** The fake model's own failure (`complete` rejected), passed through by the adapter: thrown again as it was. */
  | { readonly kind: 'outage'; readonly call: number };

export type ToChild =
  | { readonly t: 'create'; readonly id: number; readonly config: unknown; readonly model?: { readonly contextChars?: number } }
  | { readonly t: 'call'; readonly id: number; readonly sys: number; readonly method: string; readonly args: readonly unknown[] }
  | { readonly t: 'step'; readonly id: number; readonly sys: number; readonly before: readonly string[]; readonly op: unknown; readonly after: readonly string[]; readonly request?: string }
  /**
   * A predicted stretch of steps in one message (`StepPlanner`); a `beat` comes back every `beatMs` while it runs.
   * Past `until` (`Date.now()` ms: the check's time limit) no further step is run.
   */
  | { readonly t: 'batch'; readonly id: number; readonly sys: number; readonly steps: readonly PlannedStep[]; readonly beatMs: number; readonly until?: number }
  /** The CPU time the process has used (`process.cpuUsage()`, µs): what the bench counts the boundary's cost in. */
  | { readonly t: 'usage'; readonly id: number }
  | { readonly t: 'model'; readonly call: number; readonly ok: true; readonly value: string }
  | { readonly t: 'model'; readonly call: number; readonly ok: false; readonly error: WireError };

export type FromChild =
  | { readonly t: 'loaded'; readonly descriptor: SubjectDescriptor }
  | { readonly t: 'load-failed'; readonly code: string; readonly message: string }
  | { readonly t: 'ok'; readonly id: number; readonly value: unknown }
  | { readonly t: 'err'; readonly id: number; readonly error: WireError }
  | { readonly t: 'complete'; readonly sys: number; readonly call: number; readonly prompt: string }
  /** A batch is still running (`done` steps so far): its timeout starts again. */
  | { readonly t: 'beat'; readonly id: number; readonly done: number };

/**
 * What a combined runtime step answers (one round trip): the observations before, the outcome or what the
 * operation threw, and, read in the same trip, the observations after and the ledger's record of a `callTool`.
 */
export interface WireStep {
  readonly before?: unknown;
  /** In a batch: the observations before, sent as what changed since the last of each id (`before` then absent). */
  readonly beforeSent?: WireObserved;
  readonly outcome?: unknown;
  readonly thrown?: WireError;
  /** The ids observed after the operation (those asked, then those the outcome names). */
  readonly afterIds?: readonly string[];
  readonly after?: WireSettled;
  /** In a batch: the observations after, answered and sent as what changed (`after` then absent). */
  readonly afterSent?: WireObserved;
  readonly request?: WireSettled;
}

/** A call's answer as it crossed: its value, or what it threw. */
export type WireSettled = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: WireError };

/**
 * One step of a batch as the child ran it: the step's answer, or what made the step fail as a whole (the batch
 * stops there); and the reads of a recheck after it, each call as the system answered it.
 */
export interface WireBatchEntry {
  readonly step?: WireStep;
  readonly failed?: WireError;
  readonly recheck?: {
    readonly ids: readonly string[];
    /** What `observe(ids)` answered; `{ ok: true, value: [] }` in place when `observedSent` holds it. */
    readonly observed: WireSettled;
    /** The observations, answered and sent as what changed since the last of each id (`ObservationSender.ts`). */
    readonly observedSent?: WireObserved;
    readonly requests: readonly (readonly [string, WireSettled])[];
    /** The audit log as it was answered: thrown, or not plain data. */
    readonly auditLog?: WireSettled;
    /** The audit log as it was answered, sent as what changed since the last one (`LogSender.ts`). */
    readonly auditLogTail?: WireLogTail;
  };
  /** What `close()` answered, on the entry of a step planned with `close` that ran to its end (its recheck included). */
  readonly closed?: WireSettled;
}

/** Lines the child writes synchronously to fd 4 just before it dies, so the reason survives the exit. */
export type LastWords =
  | { readonly kind: 'exit'; readonly code: number; readonly where: string }
  | {
      readonly kind: 'crash';
      readonly origin: string;
      readonly detail: string;
      /** A timer's callback threw: the step that set the timer (0: create), and whether that system was closed since (an earlier run's). */
      readonly setBy?: { readonly step: number; readonly earlier: boolean };
    }
  | { readonly kind: 'stuck' };

/** A thrown value as it crosses the boundary. */
export function toWire(thrown: unknown): WireError {
  if (thrown instanceof ModelError) return { kind: 'model', code: thrown.code, operation: thrown.operation, message: thrown.message };
  if (thrown instanceof Error) {
    let message: unknown;
    let name: unknown;
    let code: unknown;
    try {
      ({ message, name, code } = thrown as Error & { code?: unknown });
    } catch {
      return { kind: 'value', description: describeThrown(thrown) };
    }
    if (typeof message !== 'string') return { kind: 'value', description: describeThrown(thrown) };
    return { kind: 'error', name: typeof name === 'string' ? name : 'Error', message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { kind: 'value', description: describeThrown(thrown) };
}

/** The error a `WireError` stands for, as the engine would have caught it in-process. */
export function fromWire(error: Exclude<WireError, { kind: 'outage' }>): Error {
  switch (error.kind) {
    case 'model': {
      const prefix = `${error.operation}: `;
      return new ModelError(error.code as ModelErrorCode, error.operation, error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message);
    }
    case 'error': {
      const rebuilt = new Error(error.message);
      Object.defineProperty(rebuilt, 'name', { value: error.name, enumerable: false });
      if (error.code !== undefined) Object.assign(rebuilt, { code: error.code });
      return rebuilt;
    }
    case 'value':
      return new ThrownValueError(error.description);
  }
}
