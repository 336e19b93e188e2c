import { createRequire, syncBuiltinESMExports } from 'node:module';
import { promisify } from 'node:util';

/** A call prunecheck made into the adapter: the system (`create`'s id) and its step (0 while it is created). */
export interface CallOrigin {
  readonly sys: number;
  readonly step: number;
}

/** The call whose code runs now: prunecheck's latest, or the one that set the timer whose callback runs now. */
let current: CallOrigin | undefined;
/** The last exception a timer's callback threw, and the call that set the timer. */
let thrownBy: { readonly error: unknown; readonly by: CallOrigin | undefined } | undefined;

/** The adapter's code now runs for this call: a timer it sets is that call's. */
export function callNow(origin: CallOrigin): void {
  current = origin;
}

/**
 * The call that set the timer whose callback threw `error`, when a timer's did: an uncaught exception is not a
 * call's answer, and a timer fires when the event loop gets to it, after the steps that follow, the close, or the
 * next run's create. What set it is known, and does not depend on when it fired.
 */
export function setterOf(error: unknown): CallOrigin | undefined {
  return thrownBy !== undefined && Object.is(thrownBy.error, error) ? thrownBy.by : undefined;
}

type Scheduler = (callback: unknown, ...rest: unknown[]) => unknown;

/** `schedule` with each callback run as the call that set it (its own timers are that call's too), and its throw noted. */
function traced(schedule: Scheduler): Scheduler {
  const wrapped = function (this: unknown, callback: unknown, ...rest: unknown[]): unknown {
    if (typeof callback !== 'function') return schedule.call(this, callback, ...rest);
    const by = current;
    return schedule.call(
      this,
      function (this: unknown, ...args: unknown[]): unknown {
        const was = current;
        current = by;
        try {
          return (callback as (...a: unknown[]) => unknown).apply(this, args);
        } catch (error: unknown) {
          thrownBy = { error, by };
          throw error;
        } finally {
          current = was;
        }
      },
      ...rest,
    );
  };
  // As the original reads: its name, and the promise form `util.promisify(setTimeout)` takes.
  Object.defineProperty(wrapped, 'name', { value: schedule.name, configurable: true });
  const custom = (schedule as unknown as Record<symbol, unknown>)[promisify.custom];
  if (custom !== undefined) Object.defineProperty(wrapped, promisify.custom, { value: custom, configurable: true });
  return wrapped;
}

/**
 * Replaces `setTimeout`, `setInterval` and `setImmediate` (the globals and `node:timers`' exports, for `import`
 * too) with forms that remember which call set each timer. Called once in the supervised process, before the
 * adapter's module loads, so every timer the adapter sets is one of these.
 */
export function traceTimers(): void {
  const timers = createRequire(import.meta.url)('node:timers') as Record<string, Scheduler>;
  const global = globalThis as unknown as Record<string, Scheduler>;
  for (const name of ['setTimeout', 'setInterval', 'setImmediate']) {
    const original = global[name];
    if (original === undefined) continue;
    const replaced = traced(original);
    global[name] = replaced;
    if (timers[name] === original) timers[name] = replaced;
  }
  syncBuiltinESMExports();
}
