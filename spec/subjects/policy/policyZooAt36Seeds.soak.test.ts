import { describe, expect, it } from 'vitest';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';
import { archivingWindowAdapter } from '../../../src/subjects/policy/archivingWindow.ts';
import { BROKEN_POLICY_PRUNERS } from '../../../src/subjects/policy/broken/index.ts';
import { LEGAL_POLICY_PRUNERS } from '../../../src/subjects/policy/legal/index.ts';

// The soak tier (`npm run test:soak`): SPEC 1.2's broken pruners are each caught on their invariant at every seed
// 1–36 within 80 conversations (`prunecheck check --seed N --runs 80`, as the default tier's one seed runs them in
// spec/policy/brokenPolicyPruners.test.ts), and prunecheck's own pruner and the legal ones stay conformant at each
// with the same 80. (At the former default 40, broken-trusts-summary was caught at 35 of the 36: seed 22's 40
// conversations never send a reviving or "continue without asking" summary that the pruner inserts.)
const RUNS = 80;
const SEEDS = Array.from({ length: 36 }, (_, i) => i + 1);
const spec12 = BROKEN_POLICY_PRUNERS.filter((b) => Number(b.caughtBy.slice(4)) >= 30);

describe('the SPEC 1.2 policy zoo at 36 seeds', () => {
  it.each(spec12.map((b) => [b.caughtBy, b.flaw, b] as const))('%s catches the pruner that %s at every seed 1–36', async (invariant, _flaw, broken) => {
    for (const seed of SEEDS) {
      const report = await checkPolicyAdapter(broken.adapter, { seed, runs: RUNS, outDir: false });
      expect([report.verdict, report.violations.some((v) => v.invariant === invariant)], `${broken.adapter.name} at seed ${seed}: ${report.violations.map((v) => v.invariant).join(', ')}`).toEqual(['violation', true]);
    }
  });

  it.each([archivingWindowAdapter, ...LEGAL_POLICY_PRUNERS.map((l) => l.adapter)].map((a) => [a.name, a] as const))('%s is conformant at every seed 1–36 (INV-30 onward included)', async (_name, adapter) => {
    for (const seed of SEEDS) {
      const report = await checkPolicyAdapter(adapter, { seed, runs: RUNS, outDir: false });
      expect([report.verdict, report.error, report.violations.map((v) => `${v.invariant}: ${v.because.join(' ')}`)], `${adapter.name} at seed ${seed}`).toEqual(['conformant', undefined, []]);
    }
  });
});
