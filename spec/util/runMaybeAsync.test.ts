import { describe, expect, it } from 'vitest';
import { runMaybeAsync } from '../../src/util/runMaybeAsync.ts';

/** Yields each value in turn (what an async function would await) and returns what it was handed back. */
function* echo(values: readonly unknown[]): Generator<unknown, unknown[], unknown> {
  const got: unknown[] = [];
  for (const value of values) got.push(yield value);
  return got;
}

describe('runMaybeAsync: a generator step, synchronous while nothing it waits for is a promise', () => {
  it('answers synchronously when nothing yielded is a promise', () => {
    expect(runMaybeAsync(echo([1, 'two', undefined]))).toEqual([1, 'two', undefined]);
  });

  it('turns asynchronous at the first promise and hands back settled values from then on', async () => {
    const running = runMaybeAsync(echo([1, Promise.resolve(2), 3, Promise.resolve(4)]));
    expect(running).toBeInstanceOf(Promise);
    await expect(running).resolves.toEqual([1, 2, 3, 4]);
  });

  it('throws a rejection into the generator where it yielded, as await does', async () => {
    function* caught(): Generator<unknown, string, unknown> {
      try {
        yield Promise.reject(new Error('late'));
        return 'not reached';
      } catch (error: unknown) {
        const after = yield 'sync again';
        return `${(error as Error).message} then ${String(after)}`;
      }
    }
    await expect(runMaybeAsync(caught())).resolves.toBe('late then sync again');
  });

  it('lets a throw escape synchronously before any promise, and as a rejection after one', async () => {
    function* throwsAfter(first: unknown): Generator<unknown, never, unknown> {
      yield first;
      throw new Error('boom');
    }
    expect(() => runMaybeAsync(throwsAfter(1))).toThrow('boom');
    await expect(runMaybeAsync(throwsAfter(Promise.resolve(1)))).rejects.toThrow('boom');
  });
});
