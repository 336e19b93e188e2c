import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policyCaseArbitrary, type PolicyCase } from '../../../src/gen/policy/PolicyCase.ts';
import { buildConversation } from '../../../src/gen/policy/buildConversation.ts';
import { shapeBreaches } from '../../../src/adapters/policy/providerShape.ts';
import { approvalRequestsOf, approvalResponseOf } from '../../../src/adapters/policy/approvals.ts';

// INV-33's approval parts in generated conversations: calls of the tools the case's approval policy names carry a
// request in their turn and the user's decision on their result; a denied call does not run and is not retried.
const refund: PolicyCase = {
  system: false,
  turns: [{ kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: true, retried: true }, { tool: 'read_log', fails: false, retried: false }, { tool: 'send_email', fails: false, retried: false }] }],
  rounds: 1,
  script: ['faithful'],
  config: { triggerMessages: 3, keepMessages: 1 },
};

describe('approval requests and decisions in generated conversations (INV-33)', () => {
  it('asks approval for the tools the policy names, carries the decision on the result, asks again for a retry', () => {
    const all = buildConversation({ ...refund, approvals: { tools: ['issue_refund', 'send_email'], denied: 0 } }).rounds.flat();
    expect(approvalRequestsOf(all[1]!)).toEqual([
      { approvalId: 'approval_1', toolCallId: 'call_1' },
      { approvalId: 'approval_3', toolCallId: 'call_3' },
    ]);
    expect(all.slice(2, 5).map((m) => approvalResponseOf(m))).toEqual([{ approvalId: 'approval_1', approved: true }, undefined, { approvalId: 'approval_3', approved: true }]);
    // The approved refund failed and is retried under a new call, asked again.
    expect(approvalRequestsOf(all[5]!)).toEqual([{ approvalId: 'approval_4', toolCallId: 'call_4' }]);
    expect(approvalResponseOf(all[6]!)).toEqual({ approvalId: 'approval_4', approved: true });
  });

  it('a denied call gets the denial as its result and no retry', () => {
    const all = buildConversation({ ...refund, approvals: { tools: ['issue_refund'], denied: 0b10 } }).rounds.flat();
    expect(all[2]).toMatchObject({ role: 'tool', toolCallId: 'call_1', isError: true, approval: { approvalId: 'approval_1', approved: false } });
    expect(all[2]?.content).toMatch(/EXECUTION_DENIED/);
    expect(all).toHaveLength(5);
  });

  it('without a policy (cases written before it) no message carries an approval part', () => {
    expect(buildConversation(refund).rounds.flat().some((m) => approvalRequestsOf(m).length > 0 || approvalResponseOf(m) !== undefined)).toBe(false);
  });

  it('generated conversations reach approvals in some cases and never break an approval rule themselves', () => {
    let withApprovals = 0;
    fc.assert(
      fc.property(policyCaseArbitrary(), (c) => {
        const all = buildConversation(c).rounds.flat();
        if (all.some((m) => approvalRequestsOf(m).length > 0)) withApprovals += 1;
        expect(shapeBreaches(all, ['anthropic', 'openai', 'gemini']).filter((b) => b.rule.startsWith('approval-'))).toEqual([]);
      }),
      { seed: 11, numRuns: 300 },
    );
    // Swarm-weighted: about one case in three has a policy, and most of those a call it names.
    expect(withApprovals).toBeGreaterThan(30);
    expect(withApprovals).toBeLessThan(150);
  });

  it('a seed\'s sampled cases include some with a policy and some without', () => {
    const cases = fc.sample(policyCaseArbitrary(), { seed: 3, numRuns: 50 });
    expect(cases.some((c) => c.approvals !== undefined)).toBe(true);
    expect(cases.some((c) => c.approvals === undefined)).toBe(true);
  });
});
