import { describe, expect, it } from 'vitest';
import { scratch } from '../helpers/faults.ts';
import { checkHostile } from '../helpers/hostile.ts';

// Issue 25, row 5: a module that waits on a long timer while it loads (a top-level await on an hour's timer)
// hung prunecheck: there was no load timeout. Loading is now bounded (--load-timeout, default 30 s): past it the
// adapter's process is killed and the verdict is unknown, with a report saying so.
const temp = scratch('row05');

describe('row 5: a module waiting on a long timer at load', () => {
  it('times out: verdict unknown, exit 1, the report names the load timeout and how to raise it', async () => {
    const { result, report } = await checkHostile('long-timer-load', temp(), ['--load-timeout', '1500'], { killAfterMs: 30_000 });
    expect(result.signal, 'the check hung').toBeNull();
    expect(result.code, result.stderr).toBe(1);
    expect(report).toMatchObject({ verdict: 'unknown', runs: 0, violations: [] });
    expect(report?.error).toMatch(/did not finish loading within 1500 ms.*Raise --load-timeout/s);
  });
});
