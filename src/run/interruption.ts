/**
 * Why a run is being stopped from outside its own control flow: a signal (SIGINT, SIGTERM), or an adapter call
 * that blocks the event loop (the stall monitor). Either way prunecheck saves what it found so far, then exits.
 */
export type Interruption =
  | { readonly kind: 'signal'; readonly signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP' }
  | { readonly kind: 'stall'; readonly what: string; readonly ms: number; readonly location: string | undefined };

/**
 * A synchronous handler run when the process is interrupted. Handlers run newest first; each receives what the
 * newer one answered (an engine answers its partial report, the command around it writes and prints it).
 */
export type InterruptHandler = (why: Interruption, inner: unknown) => unknown;

const handlers: InterruptHandler[] = [];

/** Registers a handler for the duration of a run; answers the function that removes it. */
export function onInterrupt(handler: InterruptHandler): () => void {
  handlers.push(handler);
  return () => {
    const i = handlers.lastIndexOf(handler);
    if (i >= 0) handlers.splice(i, 1);
  };
}

/** Runs every handler, newest first, synchronously; a handler that throws is reported and skipped. */
export function runInterruptHandlers(why: Interruption, report: (message: string) => void): unknown {
  let carried: unknown;
  for (const handler of [...handlers].reverse()) {
    try {
      carried = handler(why, carried);
    } catch (error: unknown) {
      report(`while saving what was found: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return carried;
}

/** A sentence for the interruption, for reports and stderr. */
export function describeInterruption(why: Interruption): string {
  if (why.kind === 'signal') return `interrupted by ${why.signal}`;
  return `${why.what} blocked the process for more than ${why.ms} ms${why.location === undefined ? '' : ` (stuck in ${why.location})`}: a synchronous loop cannot be interrupted in-process`;
}
