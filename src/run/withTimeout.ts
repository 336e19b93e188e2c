/** An adapter call that did not settle within the per-operation timeout. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly code = 'TIMEOUT';
}

/** Races `promise` against a timer that does not keep the process alive; the timer is cleared either way. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
