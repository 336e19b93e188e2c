import { describe, expect, it } from 'vitest';
import { archivingWindowAdapter } from '../../src/subjects/policy/archivingWindow.ts';
import { BROKEN_POLICY_PRUNERS } from '../../src/subjects/policy/broken/index.ts';
import { POLICY_INVARIANT_IDS } from '../../src/check/policy/invariants.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';
import { BROKEN_POLICY_SEED as SEED, expectCaught } from '../helpers/policyCatches.ts';

describe('policy checks kill broken message-list pruners', () => {
  it('the in-repo archiving window passes every policy invariant (INV-01, INV-03, INV-04, INV-05, INV-09, INV-16, INV-17, INV-18, INV-19, INV-20, INV-21, INV-22, INV-23, INV-24, INV-25, INV-26, INV-30, INV-31, INV-32, INV-33, INV-34, INV-35)', async () => {
    const report = await checkPolicyAdapter(archivingWindowAdapter, { runs: 80, seed: SEED, outDir: false });
    expect(report.violations).toEqual([]);
    expect(report.verdict).toBe('conformant');
    expect(report.invariants.map((r) => r.status)).toEqual(POLICY_INVARIANT_IDS.map(() => 'passed'));
    // The generator reached the situations the checks are about.
    const situations = ['pruned', 'summarizer-failed', 'system-first', 'structured-error', 'reframe', 'multi-round', 'summary-huge'];
    const forSpec11 = ['in-flight-call', 'unread-results', 'reasoning-item', 'settle-step', 'instruction-like-tool-output', 'instruction-done', 'instruction-pending', 'side-effect-completed', 'agent-state-kept'];
    const forSpec12 = ['instruction-retracted', 'unfinished-work-summarized', 'standing-instruction-pruned'];
    const forRules5to7 = ['request-shape-at-risk', 'attachment-pruned', 'secret-pruned'];
    for (const situation of [...situations, ...forSpec11, ...forSpec12, ...forRules5to7]) {
      expect(report.situations[situation] ?? 0, situation).toBeGreaterThan(0);
    }
  });

  it('every policy invariant kills at least one broken pruner', () => {
    expect(new Set(BROKEN_POLICY_PRUNERS.map((b) => b.caughtBy))).toEqual(new Set(POLICY_INVARIANT_IDS));
  });

  // 40 conversations catch every broken pruner (20 missed two); brokenPolicyPruners.soak.test.ts holds them to 80 too.
  it.each(BROKEN_POLICY_PRUNERS.map((b) => [b.caughtBy, b.flaw, b] as const))('%s catches the pruner that %s within 40 conversations', async (_invariant, _flaw, broken) => {
    await expectCaught(broken, 40);
  });
});
