/**
 * A step of work written as a generator that yields whatever it would `await`: values that are not promises are
 * handed straight back, so work whose calls all answered synchronously finishes synchronously, without the
 * microtask hops an `async` function pays at every `await` (issue 26: the synchronous path). From the first
 * promise it yields, the rest runs asynchronously, as the `async` function would have from that point: a
 * rejection is thrown into the generator where it yielded, as `await` throws it.
 *
 * While nothing was async, a throw escapes synchronously; callers `await` the result, which treats both alike.
 */
export function runMaybeAsync<T>(work: Generator<unknown, T, unknown>): T | Promise<T> {
  let next = work.next();
  while (!next.done) {
    const value = next.value;
    if (value instanceof Promise) return finishAsync(work, value);
    next = work.next(value);
  }
  return next.value;
}

async function finishAsync<T>(work: Generator<unknown, T, unknown>, first: Promise<unknown>): Promise<T> {
  let pending: unknown = first;
  for (;;) {
    let next: IteratorResult<unknown, T>;
    let settled: unknown;
    let rejected = false;
    try {
      settled = await pending;
    } catch (error: unknown) {
      settled = error;
      rejected = true;
    }
    next = rejected ? work.throw(settled) : work.next(settled);
    while (!next.done && !(next.value instanceof Promise)) next = work.next(next.value);
    if (next.done) return next.value;
    pending = next.value;
  }
}
