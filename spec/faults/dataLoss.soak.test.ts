import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Counterexample } from '../../src/run/CheckReport.ts';
import { FIXTURES, runBin, scratch } from '../helpers/faults.ts';

// Issue 15, class "data loss": a fault never destroys a file that was there, and a finding always reaches disk.
const temp = scratch('data');

// The heavier cases of dataLoss.test.ts, in the soak tier (npm run test:soak, run by .ci/run): each starts processes or worker threads that load the checker again.
describe('data loss (issue 15, items 1–5)', () => {
  it('item 2: an apply that never settles ends as a TIMEOUT finding with the counterexample saved, not an exit 13 with nothing', async () => {
    const dir = temp();
    const result = await runBin(['check', '--adapter', join(FIXTURES, 'misbehavingAdapter.ts'), '--seed', '1', '--runs', '5', '--op-timeout', '100', '--counterexamples', dir], { env: { PRUNECHECK_FAULT: 'never-apply' } });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('verdict: unknown');
    const files = readdirSync(dir);
    expect(files).toEqual(['misbehaving-never-apply-TIMEOUT-1.json']);
    const cx = JSON.parse(readFileSync(join(dir, files[0] as string), 'utf8')) as Counterexample;
    expect(cx.invariant).toBe('TIMEOUT');
    expect(result.stdout).toContain(`replay: npx prunecheck replay ${join(dir, files[0] as string)}`);
  });
});
