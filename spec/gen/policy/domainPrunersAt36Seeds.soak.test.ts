import { describe, expect, it } from 'vitest';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';
import { archivesLongUsers } from '../../../src/subjects/policy/broken/archivesLongUsers.ts';
import { splitsThreeCalls } from '../../../src/subjects/policy/broken/splitsThreeCalls.ts';

const SEEDS = Array.from({ length: 36 }, (_, i) => i + 1);

// Issue 22: the policy generator's domain, heavy-tailed (user messages from empty to past the summarizer's window,
// 1 to 8 parallel calls per turn), catches the pruners it missed before at every seed 1-36 with default runs.
describe('broken pruners only the whole domain reaches, at 36 seeds', () => {
  it.each([archivesLongUsers, splitsThreeCalls].map((b) => [b.caughtBy, b.flaw, b] as const))('%s catches the pruner that %s at every seed 1-36 with default runs', async (invariant, _flaw, broken) => {
    const missed: string[] = [];
    for (const seed of SEEDS) {
      const report = await checkPolicyAdapter(broken.adapter, { seed, outDir: false });
      if (report.verdict !== 'violation' || !report.violations.some((v) => v.invariant === invariant)) missed.push(`seed ${seed}: ${report.verdict} ${report.violations.map((v) => v.invariant).join(', ')}`);
    }
    expect(missed).toEqual([]);
  }, 1_800_000);
});
