import { describe, expect, it } from 'vitest';
import { ThrownValueError, TimeLimitError, TimeoutError, turnIfDue, watchCall } from '../../src/util/withTimeout.ts';

describe('watchCall (the watchdog for a caller that goes on synchronously)', () => {
  it('answers a synchronous value or throw at once, with no promise', () => {
    expect(watchCall(() => 42, 1_000, 'apply')).toEqual({ value: 42 });
    const thrown = watchCall(() => {
      throw new RangeError('bad span');
    }, 1_000, 'apply');
    expect(thrown).not.toBeInstanceOf(Promise);
    expect((thrown as { error: Error }).error).toBeInstanceOf(RangeError);
    // Anything but an Error is described, as withTimeout does.
    const odd = watchCall(() => {
      throw 'a string';
    }, 1_000, 'apply') as { error: Error };
    expect(odd.error).toBeInstanceOf(ThrownValueError);
    expect(odd.error.message).toContain('a string');
  });

  it('refuses to call once the deadline has passed: a time-limit error, not a timeout finding', () => {
    let called = false;
    const answer = watchCall(() => (called = true), 1_000, 'observe', Date.now() - 1) as { error: Error };
    expect(called).toBe(false);
    expect(answer.error).toBeInstanceOf(TimeLimitError);
  });

  it('watches a promise as withTimeout does: its value, its rejection, or a timeout, all as an answer', async () => {
    const pending = watchCall(() => Promise.resolve('late'), 1_000, 'apply');
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).resolves.toEqual({ value: 'late' });
    const rejected = (await watchCall(() => Promise.reject(new Error('crashed')), 1_000, 'apply')) as { error: Error };
    expect(rejected.error.message).toBe('crashed');
    const hung = (await watchCall(() => new Promise(() => {}), 5, 'observe')) as { error: Error };
    expect(hung.error).toBeInstanceOf(TimeoutError);
    expect(hung.error.message).toBe('observe did not answer within 5 ms');
  });

  it('hands the event loop a turn once 50 ms have passed since the last', async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    // Something the event loop has queued (a signal handler's turn) runs before the check goes on.
    let ran = false;
    setImmediate(() => (ran = true));
    const turn = turnIfDue();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    expect(ran).toBe(true);
  });
});
