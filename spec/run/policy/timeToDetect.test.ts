import { describe, expect, it } from 'vitest';
import { archivingWindowAdapter } from '../../../src/subjects/policy/archivingWindow.ts';
import { BROKEN_POLICY_PRUNERS } from '../../../src/subjects/policy/broken/index.ts';
import { policyTimeToDetect } from '../../../src/run/policy/timeToDetect.ts';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';

// Time to detect in policy mode (bench/detection.ts): the 1-based case at which a check at a seed first meets each
// finding sought. Checked against the check itself: a check of that many runs finds it, one of fewer does not.

const broken = BROKEN_POLICY_PRUNERS[0];

describe('policyTimeToDetect', () => {
  it('answers the first case that breaks the invariant sought, which is where the check finds it', async () => {
    if (broken === undefined) throw new Error('no broken policy pruner');
    const seed = 3;
    const found = await policyTimeToDetect(broken.adapter, [broken.caughtBy], seed, 40);
    expect(found.seed).toBe(seed);
    const first = found.runsToFirst[broken.caughtBy];
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(40);
    expect(found.ms).toBeGreaterThanOrEqual(0);
    const at = await checkPolicyAdapter(broken.adapter, { runs: first as number, seed, outDir: false });
    expect(at.violations.map((v) => v.invariant)).toContain(broken.caughtBy);
    if ((first as number) > 1) {
      const before = await checkPolicyAdapter(broken.adapter, { runs: (first as number) - 1, seed, outDir: false });
      expect(before.violations.map((v) => v.invariant)).not.toContain(broken.caughtBy);
    }
  });

  it('leaves out what is never met within the cases, and stops once every invariant sought is met', async () => {
    const none = await policyTimeToDetect(archivingWindowAdapter, ['INV-16'], 3, 5);
    expect(none.runsToFirst).toEqual({});
    expect(await policyTimeToDetect(archivingWindowAdapter, [], 3, 5)).toMatchObject({ seed: 3, runsToFirst: {} });
  });
});
