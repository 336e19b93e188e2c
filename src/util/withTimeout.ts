import { describeThrown } from './safeJson.ts';
import { armStallMonitor, disarmStallMonitor } from './stallMonitor.ts';

/** An adapter call that did not settle within its timeout (operation, create, close or step). */
export class TimeoutError extends Error {
  override readonly name: string = 'TimeoutError';
  readonly code: string = 'TIMEOUT';
  /** The call that timed out, as messages name it (`apply`, `create`, `close`, `step`). */
  readonly what: string;
  readonly ms: number;

  constructor(message: string, what: string, ms: number) {
    super(message);
    this.what = what;
    this.ms = ms;
  }
}

/**
 * The check's own time limit (`--time-limit`) ran out while an adapter call was pending. Not the adapter's
 * fault and not a finding: the run in progress is abandoned and the verdict says the check was cut short.
 */
export class TimeLimitError extends TimeoutError {
  override readonly name: string = 'TimeLimitError';
  override readonly code: string = 'TIME_LIMIT';
}

/** Something other than an Error was thrown (a string, `null`, an object); its description is the message. */
export class ThrownValueError extends Error {
  override readonly name = 'ThrownValueError';
  readonly code = 'THROWN_VALUE';
}

/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** How long a check may run on promises alone before it lets the event loop take its turn. */
const YIELD_EVERY_MS = 50;
let lastYield = Date.now();

/**
 * An adapter that answers synchronously makes a whole check one chain of promise jobs, which never lets the
 * event loop reach its signal handlers: SIGINT and SIGTERM would wait for the check to end. So, at most every
 * 50 ms, an answer is handed on after a `setImmediate` instead (a few microseconds each).
 */
function handOn<T>(value: T): Promise<T> {
  const now = Date.now();
  if (now - lastYield < YIELD_EVERY_MS) return Promise.resolve(value);
  lastYield = now;
  return new Promise((resolve) => setImmediate(() => resolve(value)));
}

function rejectLater(error: Error): Promise<never> {
  return handOn(undefined).then(() => Promise.reject(error));
}

/** An Error whose message can be read, as it was thrown; anything else wrapped in a `ThrownValueError`. */
export function asError(thrown: unknown): Error {
  if (thrown instanceof Error) {
    try {
      if (typeof thrown.message === 'string') return thrown;
    } catch {
      // A message getter that throws: described below.
    }
  }
  return new ThrownValueError(describeThrown(thrown));
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  try {
    return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return false;
  }
}

/** What the watchdog keeps of a call that answered with a promise. */
interface Watch {
  readonly started: number;
  readonly limit: number;
  readonly byDeadline: boolean;
  readonly token: number;
  readonly what: string;
}

/** A call that answered with a promise, as the watchdog began it. */
class Pending<T> {
  constructor(
    readonly result: PromiseLike<T>,
    readonly watch: Watch,
  ) {}
}

/**
 * A call as the watchdog began it: answered at once (its answer itself, no wrapper: the synchronous path makes
 * one object per call), refused before it ran (`before`: the time limit had run out), or pending.
 */
type Begun<T> = Answered<T> | { readonly error: Error; readonly before: true } | Pending<T>;

/** The prologue `withTimeout` and `watchCall` share: the deadline, the stall monitor armed around the call, the call. */
function begin<T>(call: () => T | PromiseLike<T>, ms: number, what: string, deadline: number | undefined): Begun<Awaited<T>> {
  const started = Date.now();
  const left = deadline === undefined ? Number.POSITIVE_INFINITY : deadline - started;
  if (left <= 0) return { error: new TimeLimitError(`the time limit ran out before ${what}`, what, 0), before: true };
  const limit = Math.min(ms, left);
  const token = armStallMonitor(what, limit);
  let result: T | PromiseLike<T>;
  try {
    result = call();
  } catch (error: unknown) {
    disarmStallMonitor(token);
    return { error: asError(error) };
  }
  if (!isThenable(result)) {
    disarmStallMonitor(token);
    return { value: result as Awaited<T> };
  }
  return new Pending(result as PromiseLike<Awaited<T>>, { started, limit, byDeadline: left < ms, token, what });
}

/**
 * The one watchdog every adapter call goes through (operations, observations, create, close, policy steps,
 * scenario steps). It calls `call` itself, so a synchronous throw of any value becomes a rejected promise of an
 * Error, and it bounds the wait:
 *
 * - by `ms` (`TimeoutError`: the adapter's fault, a finding), and
 * - by `deadline` (`Date.now()` milliseconds: the check's `--time-limit`; `TimeLimitError`: not a finding).
 *
 * The timer is referenced, so an adapter call that never settles keeps prunecheck alive until the timeout
 * fires, never letting the process exit mid-run. A call that blocks the event loop itself (a synchronous busy
 * loop) cannot be interrupted in-process; the stall monitor (`stallMonitor.ts`) ends such a run instead.
 */
export function withTimeout<T>(call: () => T | PromiseLike<T>, ms: number, what: string, deadline?: number): Promise<Awaited<T>> {
  const begun = begin(call, ms, what, deadline);
  if (begun instanceof Pending) return watchPending(begun.result, begun.watch);
  if ('value' in begun) return handOn(begun.value);
  return 'before' in begun ? Promise.reject(begun.error) : rejectLater(begun.error);
}

/** What a watched call answered at once: its value, or what it threw, as an Error. */
export type Answered<T> = { readonly value: T } | { readonly error: Error };

/**
 * `withTimeout` for a caller that goes on synchronously when it can (the engine's step): a call that answers
 * synchronously, as an in-process runtime does, is answered at once (`{ value }`, or `{ error }` for what it
 * threw), with no promise, timer or hop; the stall monitor is armed around it as around any call. A call that
 * answers with a promise is watched as `withTimeout` watches it, and its promise resolves to the same `Answered`.
 * The caller hands the event loop its turn itself (`turnIfDue`), since no `handOn` runs on the synchronous path.
 */
export function watchCall<T>(call: () => T | PromiseLike<T>, ms: number, what: string, deadline?: number): Answered<Awaited<T>> | Promise<Answered<Awaited<T>>> {
  const begun = begin(call, ms, what, deadline);
  if (!(begun instanceof Pending)) return 'before' in begun ? { error: begun.error } : begun;
  return watchPending(begun.result, begun.watch).then(
    (value) => ({ value }),
    (error: unknown) => ({ error: asError(error) }),
  );
}

/**
 * Hands the event loop its turn (a `setImmediate`) when the check has run on synchronous answers alone for 50 ms
 * since it last did (see `handOn`); undefined, and nothing to wait for, otherwise.
 */
export function turnIfDue(): Promise<void> | undefined {
  const now = Date.now();
  if (now - lastYield < YIELD_EVERY_MS) return undefined;
  lastYield = now;
  return new Promise((resolve) => setImmediate(resolve));
}

/** A pending answer under the watchdog: its timeout (or the check's deadline) rejects it, whichever comes first. */
function watchPending<T>(result: PromiseLike<T>, watch: Watch): Promise<Awaited<T>> {
  const { started, limit, byDeadline, token, what } = watch;
  return new Promise<Awaited<T>>((resolve, reject) => {
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      disarmStallMonitor(token);
      return true;
    };
    const remaining = Math.max(0, limit - (Date.now() - started));
    const timer = setTimeout(() => {
      if (!settle()) return;
      reject(byDeadline ? new TimeLimitError(`the time limit ran out while waiting for ${what}`, what, limit) : new TimeoutError(`${what} did not answer within ${limit} ms`, what, limit));
    }, Math.min(remaining, MAX_TIMER_MS));
    try {
      (result as PromiseLike<T>).then(
        (value) => {
          if (settle()) void handOn(value as Awaited<T>).then(resolve);
        },
        (error: unknown) => {
          if (settle()) void rejectLater(asError(error)).catch(reject);
        },
      );
    } catch (error: unknown) {
      if (settle()) reject(asError(error));
    }
  });
}
