import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../src/adapters/policy/PolicyMessage.ts';
import { evaluatePolicyRun } from '../../src/check/policy/evaluatePolicyRun.ts';
import type { PolicyCase, TurnSpec } from '../../src/gen/policy/PolicyCase.ts';
import type { FakeBehaviour } from '../../src/gen/policy/fakeModel.ts';
import { runPolicyCase } from '../../src/run/policy/runPolicyCase.ts';
import { beeaiSlidingMemoryAdapter } from '../../src/subjects/policy/beeaiSlidingMemory.ts';
import { beeaiSummarizeMemoryAdapter } from '../../src/subjects/policy/beeaiSummarizeMemory.ts';
import { beeaiTokenMemoryAdapter } from '../../src/subjects/policy/beeaiTokenMemory.ts';
import { llamaindexChatSummaryAdapter } from '../../src/subjects/policy/llamaindexChatSummary.ts';
import { TOKENS_PER_MESSAGE } from '../../src/subjects/policy/messageTokens.ts';

// Issue 27's libraries, pinned on hand-written conversations: each judged bug shown through prunecheck's own run
// (the standalone scripts in reports/repro/ show it without prunecheck).
const refund: TurnSpec = { kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: false, retried: false }] };
const refundTurn: PolicyMessage[] = [
  { role: 'assistant', id: 'm1', content: '', toolCalls: [{ id: 'call_1', name: 'issue_refund', args: { request_id: 'req-1', order: '#1001' } }] },
  { role: 'tool', id: 'm2', toolCallId: 'call_1', name: 'issue_refund', content: 'OK issue_refund txn=TX-9001 request_id=req-1' },
];
const caseOf = (turns: TurnSpec[], config: PolicyCase['config'], script: FakeBehaviour[] = ['faithful']): PolicyCase => ({ system: false, turns, rounds: 1, script, config });

describe('beeai-framework memories, pinned', () => {
  it('the adapters load beeai-framework next to zod 4 (its zod import resolved to zod/v3) and keep message identity', async () => {
    const system = await beeaiSlidingMemoryAdapter.create({ complete: async () => '' }, { triggerMessages: 10, keepMessages: 8 });
    const step = await system.step([
      { role: 'user', id: 'm0', content: 'TASK' },
      { role: 'assistant', id: 'm1', content: '', toolCalls: [{ id: 'c1', name: 'read_log', args: { q: 'x' } }] },
      { role: 'tool', id: 'm2', toolCallId: 'c1', name: 'read_log', content: 'log', isError: true },
    ]);
    expect(step.view.map((m) => m.id)).toEqual(['m0', 'm1', 'm2']);
    expect(step.view[2]).toMatchObject({ role: 'tool', isError: true });
  });

  it('TokenMemory evicts a tool call and keeps its result (INV-18, bug)', async () => {
    // maxTokens TOKENS_PER_MESSAGE (one message's worth, 27): the call's text costs 10 tokens, its result 0 (no text part), the user's 19.
    const system = await beeaiTokenMemoryAdapter.create({ complete: async () => '' }, { triggerMessages: 3, keepMessages: 1 });
    const call: PolicyMessage = { role: 'assistant', id: 'm1', content: 'Refunding order #1001 now, then emailing.', toolCalls: [{ id: 'call_1', name: 'issue_refund', args: { order: '#1001' } }] };
    const step = await system.step([call, refundTurn[1] as PolicyMessage, { role: 'user', id: 'm3', content: 'Thanks. Also note: bob prefers no phone calls and a PDF receipt (T-3).' }]);
    expect(step.view.map((m) => m.id)).toEqual(['m2', 'm3']);
    expect(step.record.metadata['maxTokens']).toBe(TOKENS_PER_MESSAGE);
  });

  it('SlidingMemory evicts a tool call and keeps its result (INV-18, bug)', async () => {
    const run = await runPolicyCase(beeaiSlidingMemoryAdapter, caseOf([refund, { kind: 'user-statement' }], { triggerMessages: 4, keepMessages: 2 }));
    expect(run.observations[0]?.after[0]).toMatchObject({ role: 'tool', toolCallId: 'call_1' });
    expect(evaluatePolicyRun(run, 'INV-18')?.invariant).toBe('INV-18');
  });

  it('SummarizeMemory: an empty answer leaves no message at all (INV-16, bug); the summarizer never sees a tool call (INV-24, bug)', async () => {
    const empty = await runPolicyCase(beeaiSummarizeMemoryAdapter, caseOf([{ kind: 'user-statement' }], { triggerMessages: 4, keepMessages: 2 }, ['faithful', 'empty']));
    expect(empty.observations[0]?.after).toEqual([]);
    expect(evaluatePolicyRun(empty, 'INV-16')?.invariant).toBe('INV-16');
    const prompts: string[] = [];
    const system = await beeaiSummarizeMemoryAdapter.create({ complete: async (p) => (prompts.push(p), 'summary') }, { triggerMessages: 4, keepMessages: 2 });
    await system.step(refundTurn);
    expect(prompts).toHaveLength(2);
    expect(prompts.some((p) => p.includes('issue_refund') || p.includes('TX-9001'))).toBe(false);
    expect(prompts.some((p) => /\nassistant: \n/.test(p)) && prompts.some((p) => /\ntool: \n/.test(p))).toBe(true);
  });
});

describe('@llamaindex/core ChatSummaryMemoryBuffer, pinned', () => {
  it('the summary is a system message; a trailing tool result stays after it without its call (INV-18, bug)', async () => {
    const run = await runPolicyCase(llamaindexChatSummaryAdapter, caseOf([{ kind: 'user-statement' }, refund], { triggerMessages: 3, keepMessages: 1 }));
    const after = run.observations[0]?.after ?? [];
    expect(after[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/^Summary of the conversation so far: /) });
    expect(after.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call_1' });
    expect(evaluatePolicyRun(run, 'INV-18')?.invariant).toBe('INV-18');
  });

  it('the task is cut from the summary prompt (INV-17, bug)', async () => {
    const prompts: string[] = [];
    const system = await llamaindexChatSummaryAdapter.create({ complete: async (p) => (prompts.push(p), 'summary') }, { triggerMessages: 2, keepMessages: 1 });
    const step = await system.step([{ role: 'user', id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' }, ...refundTurn, { role: 'user', id: 'm3', content: 'Also note: bob prefers no phone calls (ticket T-3).' }, { role: 'user', id: 'm4', content: 'INSTRUCTION I-2: refund order #2002 for bob.' }]);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).not.toContain('TASK: refund order #1001');
    expect(step.view.some((m) => m.content.includes('TASK: refund'))).toBe(false);
  });
});
