import { expect } from 'vitest';
import type { BrokenPolicyPruner } from '../../src/subjects/policy/broken/brokenWindow.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';

/** The seed every broken policy pruner is checked with (spec/policy/brokenPolicyPruners*.test.ts). */
export const BROKEN_POLICY_SEED = 20261130;

/**
 * A policy check of `runs` conversations kills `broken` on its invariant, with a because chain and the messages
 * before the prune: the fast tier's 40 runs and the soak tier's 80 assert the same thing.
 */
export async function expectCaught(broken: BrokenPolicyPruner, runs: number): Promise<void> {
  const report = await checkPolicyAdapter(broken.adapter, { runs, seed: BROKEN_POLICY_SEED, outDir: false });
  expect(report.verdict).toBe('violation');
  const violation = report.violations.find((v) => v.invariant === broken.caughtBy);
  expect(violation, `${broken.adapter.name} should violate ${broken.caughtBy} within ${runs} runs; got ${report.violations.map((v) => v.invariant).join(', ')}`).toBeDefined();
  expect(violation?.because.join(' ')).not.toBe('');
  expect(violation?.before.length).toBeGreaterThan(0);
}
