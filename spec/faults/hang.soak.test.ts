import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runBin, scratch } from '../helpers/faults.ts';

// Issue 15, class "hang": every wait is bounded, and the process ends promptly once its verdict is out. A hang
// would hit the spawn guard (the process is killed, and `code` is null): these tests never measure time.
const temp = scratch('hang');
const ADAPTER = join(FIXTURES, 'misbehavingAdapter.ts');

// The heavier cases of hang.test.ts, in the soak tier (npm run test:soak, run by .ci/run): each starts processes or worker threads that load the checker again.
describe('hangs (issue 15, items 6–11)', () => {
  it('item 8: an adapter still waiting on its own timer gets its TIMEOUT verdict and the process exits', async () => {
    const dir = temp();
    const result = await runBin(['check', '--adapter', ADAPTER, '--runs', '3', '--seed', '1', '--op-timeout', '100', '--counterexamples', dir], { env: { PRUNECHECK_FAULT: 'own-timer' }, killAfterMs: 40_000 });
    expect(result.signal, 'the process had to be killed: it never exited').toBeNull();
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('verdict: unknown');
    expect(readdirSync(dir)).toEqual(['misbehaving-own-timer-TIMEOUT-1.json']);
  });
});
