import { describe, expect, it } from 'vitest';
import { BROKEN_POLICY_PRUNERS } from '../../src/subjects/policy/broken/index.ts';
import { renderPolicyPrettyReport } from '../../src/report/policy/prettyReport.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';

describe('renderPolicyPrettyReport', () => {
  it('shows each invariant, each violation with its before/after lists, and the re-run command', async () => {
    const broken = BROKEN_POLICY_PRUNERS.find((b) => b.caughtBy === 'INV-19');
    if (broken === undefined) throw new Error('zoo lacks an INV-19 pruner');
    const report = await checkPolicyAdapter(broken.adapter, { runs: 40, seed: 11, outDir: false });
    const text = renderPolicyPrettyReport(report, 'npx prunecheck check --adapter broken-drops-system --seed 11');
    expect(text).toMatch(/^prunecheck check broken-drops-system \(prunecheck \(in-repo, broken on purpose\)@0\.1\.0, policy mode/);
    expect(text).toMatch(/violated +INV-19 A system message stays first/);
    expect(text).toMatch(/INV-19 — A system message stays first \(round \d\)\n {2}because: before round/);
    expect(text).toMatch(/ {2}before:\n {4} 0 \[system\] m0/);
    expect(text.trimEnd().split('\n').at(-1)).toBe('re-run: npx prunecheck check --adapter broken-drops-system --seed 11');
  });
});
