import { describe, expect, it } from 'vitest';
import { archivingWindowAdapter } from '../../src/subjects/policy/archivingWindow.ts';
import { POLICY_CHECKABLE } from '../../src/adapters/policy/invariantIds.ts';
import type { PolicyAdapter } from '../../src/adapters/policy/PolicyAdapter.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';
import { renderJunitReport } from '../../src/report/junitReport.ts';
import { policyCoverageGaps } from '../../src/run/policy/situations.ts';

/** Keeps everything: never prunes, never calls the model. */
const neverPrunes: PolicyAdapter = {
  kind: 'policy',
  name: 'never-prunes',
  version: '1.0.0',
  description: 'appends and never prunes',
  package: 'test',
  invariants: POLICY_CHECKABLE,
  create() {
    let view: readonly never[] = [];
    return {
      step(incoming) {
        view = [...view, ...(incoming as never[])];
        return { view, record: { retained: [], offloaded: [], metadata: {} } };
      },
    };
  },
};

// Issue problem 5: policy mode had no coverage gate; a pruner that never prunes was conformant ("4/4 situations
// reached"), and a real pruner checked with --runs 1 was conformant with INV-16 passed.
describe('the policy-mode coverage gate', () => {
  it('INV-16 a pruner that never prunes is unknown, with the number of conversations, and no invariant passes', async () => {
    const report = await checkPolicyAdapter(neverPrunes, { seed: 1, outDir: false });
    expect(report.verdict).toBe('unknown');
    expect(report.error).toContain('the pruner never pruned in 250 conversations: raise the pressure or check the adapter');
    expect(report.invariants.filter((r) => r.status === 'passed')).toEqual([]);
    expect(report.invariants.find((r) => r.invariant === 'INV-16')?.status).toBe('inconclusive');
  });

  it('INV-16 a real pruner checked over one conversation is unknown, naming what it never reached', async () => {
    const report = await checkPolicyAdapter(archivingWindowAdapter, { seed: 1, runs: 1, outDir: false });
    expect(report.verdict).toBe('unknown');
    expect(report.error).toMatch(/1 conversation never reached: .*summarizer-failed/);
    expect(renderJunitReport(report)).not.toMatch(/name="INV-16 [^"]*" time="0"\/>/);
  });

  it('INV-30 is not judged until a prune ran with a cancelled, replaced or unapproved action in the history', () => {
    const reached = { pruned: 1, 'multi-round': 1, 'system-first': 1, 'structured-error': 1, reframe: 1 };
    expect(policyCoverageGaps(['INV-30'], reached, 40)).toEqual(['40 conversations never reached: instruction-retracted; raise --runs']);
    expect(policyCoverageGaps(['INV-30'], { ...reached, 'instruction-retracted': 3 }, 40)).toEqual([]);
  });

  it('INV-31 is not judged until a summary was written while an instruction was not done yet', () => {
    const reached = { pruned: 1, 'multi-round': 1, 'system-first': 1, 'structured-error': 1, reframe: 1 };
    expect(policyCoverageGaps(['INV-31'], reached, 40)).toEqual(['40 conversations never reached: unfinished-work-summarized; raise --runs']);
  });

  it('INV-32 is not judged until a prune ran with a standing instruction in the history', () => {
    const reached = { pruned: 1, 'multi-round': 1, 'system-first': 1, 'structured-error': 1, reframe: 1 };
    expect(policyCoverageGaps(['INV-32'], reached, 40)).toEqual(['40 conversations never reached: standing-instruction-pruned; raise --runs']);
  });

  it('the same pruner over the default 250 conversations reaches every situation that applies: conformant', async () => {
    const report = await checkPolicyAdapter(archivingWindowAdapter, { seed: 1, outDir: false });
    expect([report.verdict, report.error]).toEqual(['conformant', undefined]);
  });
});
