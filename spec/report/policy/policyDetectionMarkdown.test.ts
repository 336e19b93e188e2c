import { describe, expect, it } from 'vitest';
import { renderPolicyDetection, type PolicyDetectionRow } from '../../../src/report/policy/policyDetectionMarkdown.ts';

const row = (runsToFirst: (number | undefined)[], over: Partial<PolicyDetectionRow> = {}): PolicyDetectionRow => ({ name: 'broken-trusts-summary', kind: 'zoo', invariant: 'INV-30', runsToFirst, ms: runsToFirst.map(() => 500), ...over });

describe('reports/detection.md: the policy section', () => {
  it('per finding: found within the default at how many seeds, conversations to first (median / max), and the largest, which the default is chosen from', () => {
    const lines = renderPolicyDetection([row([3, 56, 10]), row([1, 2, 225], { name: 'llamaindex-memory', kind: 'library', invariant: 'INV-24' })], 250, 400);
    const md = lines.join('\n');
    expect(md).toContain('## The policy zoo and the shipped libraries');
    expect(md).toContain('| broken-trusts-summary | zoo | INV-30 | 3/3 | 10 / 56 | 0.50 |');
    expect(md).toContain('| llamaindex-memory | library | INV-24 | 3/3 | 2 / 225 | 0.50 |');
    expect(md).toContain('is chosen from the largest: 225.');
    expect(md).toContain('**Every known finding was found** within the default 250 conversations at every seed.');
  });

  it('names each finding the default misses, and a finding never shown', () => {
    const md = renderPolicyDetection([row([3, 56, undefined]), row([41, 2, 3], { invariant: 'INV-31' })], 40, 400).join('\n');
    expect(md).toContain('**Not every known finding was found** within the default 40 conversations: broken-trusts-summary INV-30 at 2 seed(s); broken-trusts-summary INV-31 at 1 seed(s).');
    expect(md).toContain('| broken-trusts-summary | zoo | INV-30 | 1/3 | 3 / 56 |');
    expect(renderPolicyDetection([], 250, 400)).toEqual([]);
  });
});
