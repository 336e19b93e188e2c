import { describe, expect, it } from 'vitest';
import type { PolicyCase } from '../../../src/gen/policy/PolicyCase.ts';
import { runPolicyCase } from '../../../src/run/policy/runPolicyCase.ts';
import { POLICY_ADAPTERS } from '../../../src/subjects/policy/index.ts';
import { approvalRequestsOf, approvalResponseOf } from '../../../src/adapters/policy/approvals.ts';

// INV-33's approval parts through each shipped library: mapped to the library's own part where it has one (the AI
// SDK's tool-approval-request and tool-approval-response), carried with the message otherwise (LangChain's
// additional_kwargs; LlamaIndex and beeai-framework messages map back to the neutral ones), never lost silently.
// beeai-framework's SummarizeMemory summarizes on every add, so there is no "before it prunes" (as for INV-34).
const ecosystem = POLICY_ADAPTERS.filter((e) => e.ecosystem && e.name !== 'beeai-summarize-memory');

describe('approval parts through each library (INV-33)', () => {
  it.each(ecosystem.map((e) => [e.name, e] as const))('%s hands approval requests and decisions back on their messages before it prunes', async (_name, entry) => {
    const adapter = await entry.load();
    const c: PolicyCase = {
      system: false,
      turns: [{ kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: false, retried: false }, { tool: 'send_email', fails: false, retried: false }] }],
      rounds: 1,
      script: ['faithful'],
      config: { triggerMessages: 50, keepMessages: 40 },
      approvals: { tools: ['issue_refund', 'send_email'], denied: 0b100 },
    };
    const run = await runPolicyCase(adapter, c);
    const after = run.observations[0]?.after ?? [];
    const parts = after.flatMap((m) => [
      ...approvalRequestsOf(m).map((r) => `${m.id} asks ${r.approvalId} for ${r.toolCallId}`),
      ...(approvalResponseOf(m) === undefined ? [] : [`${m.id} answers ${approvalResponseOf(m)?.approvalId} ${approvalResponseOf(m)?.approved === true ? 'approved' : 'denied'}`]),
    ]);
    expect(parts).toEqual(['m1 asks approval_1 for call_1', 'm1 asks approval_2 for call_2', 'm2 answers approval_1 approved', 'm3 answers approval_2 denied']);
  });
});
