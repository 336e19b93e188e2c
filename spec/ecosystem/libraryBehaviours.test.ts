import { describe, expect, it } from 'vitest';
import { aiPruneMessagesAdapter } from '../../src/subjects/policy/aiPruneMessages.ts';
import { deepagentsSummarizationAdapter } from '../../src/subjects/policy/deepagentsSummarization.ts';
import { langchainContextEditingAdapter } from '../../src/subjects/policy/langchainContextEditing.ts';
import { langchainSummarizationAdapter } from '../../src/subjects/policy/langchainSummarization.ts';
import { langchainTrimMessagesAdapter } from '../../src/subjects/policy/langchainTrimMessages.ts';
import { evaluatePolicyRun } from '../../src/check/policy/evaluatePolicyRun.ts';
import type { PolicyCase, TurnSpec } from '../../src/gen/policy/PolicyCase.ts';
import type { FakeBehaviour } from '../../src/gen/policy/fakeModel.ts';
import { runPolicyCase } from '../../src/run/policy/runPolicyCase.ts';

// Hand-written cases that pin what each library does (the research notes behind the adapters' notes).
const refundThenNote: TurnSpec[] = [
  { kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: false, retried: false }] },
  { kind: 'user-statement' },
  { kind: 'tool-calls', calls: [{ tool: 'send_email', fails: false, retried: false }] },
  { kind: 'assistant-text' },
];
const caseWith = (script: FakeBehaviour[], extra: Partial<PolicyCase> = {}): PolicyCase => ({
  system: true,
  turns: refundThenNote,
  rounds: 1,
  script,
  config: { triggerMessages: 4, keepMessages: 2 },
  ...extra,
});

describe('what the npm pruners do, pinned on hand-written conversations', () => {
  it('langchain summarizationMiddleware: a throwing summarizer turns history into an error text (INV-16)', async () => {
    const run = await runPolicyCase(langchainSummarizationAdapter, caseWith(['throw']));
    const after = run.observations[0]?.after ?? [];
    expect(after.some((m) => m.content.includes('Error generating summary'))).toBe(true);
    expect(after.some((m) => m.id === 'm1' && m.content.startsWith('TASK'))).toBe(false);
    expect(evaluatePolicyRun(run, 'INV-16')?.invariant).toBe('INV-16');
  });

  it('langchain summarizationMiddleware: the summary takes the id of the first message it replaced (INV-04)', async () => {
    const run = await runPolicyCase(langchainSummarizationAdapter, caseWith(['faithful'], { system: false }));
    expect(run.observations[0]?.after[0]).toMatchObject({ id: 'm0', role: 'user' });
    expect(run.observations[0]?.after[0]?.content).toMatch(/^Here is a summary/);
    expect(evaluatePolicyRun(run, 'INV-04')?.invariant).toBe('INV-04');
  });

  it('deepagents: a throwing summarizer propagates and changes nothing; history stays in state and the file (INV-16)', async () => {
    const run = await runPolicyCase(deepagentsSummarizationAdapter, caseWith(['throw']));
    const o = run.observations[0];
    expect(o?.threw).toMatch(/unavailable/);
    expect(o?.after.map((m) => m.id)).toEqual(o?.before.map((m) => m.id));
    expect(evaluatePolicyRun(run, 'INV-16')).toBeUndefined();
  });

  it('deepagents: offloads summarized messages, tool-call arguments included, and names the cutoff (INV-03, INV-05, INV-09)', async () => {
    const run = await runPolicyCase(deepagentsSummarizationAdapter, caseWith(['drop-ids']));
    const o = run.observations[0];
    expect(o?.record.offloaded[0]?.path).toMatch(/^\/conversation_history\//);
    expect(o?.record.offloaded[0]?.text).toContain('req-1');
    expect(o?.after.find((m) => m.replaces !== undefined)?.replaces).toContain('m1');
    for (const id of ['INV-03', 'INV-05', 'INV-09'] as const) expect(evaluatePolicyRun(run, id), id).toBeUndefined();
  });

  it('@langchain/core trimMessages: with includeSystem and startOn "human", a window with no human message comes back as [undefined] (INV-19)', async () => {
    const run = await runPolicyCase(langchainTrimMessagesAdapter, caseWith([], { turns: [{ kind: 'tool-calls', calls: [{ tool: 'read_log', fails: false, retried: false }] }, { kind: 'assistant-text' }], config: { triggerMessages: 3, keepMessages: 1 } }));
    expect(run.observations[0]?.record.metadata).toEqual({ undefinedEntries: 1 });
    expect(run.observations[0]?.after).toEqual([]);
    expect(evaluatePolicyRun(run, 'INV-19')?.invariant).toBe('INV-19');
  });

  it('langchain ClearToolUsesEdit: marks a cleared result in the list but keeps no copy (INV-03 passes, INV-01 fails)', async () => {
    const run = await runPolicyCase(langchainContextEditingAdapter, caseWith([], { config: { triggerMessages: 4, keepMessages: 1 } }));
    const cleared = run.observations[0]?.after.find((m) => m.role === 'tool' && m.content === '[cleared]');
    expect(cleared).toMatchObject({ toolCallId: 'call_1', replaces: ['m3'] });
    expect(cleared?.id).toBeUndefined();
    expect(evaluatePolicyRun(run, 'INV-03')).toBeUndefined();
    expect(evaluatePolicyRun(run, 'INV-01')?.invariant).toBe('INV-01');
  });

  it('ai pruneMessages: removes old tool calls with their request ids but never splits a pair (INV-09 fails, INV-18 passes)', async () => {
    const run = await runPolicyCase(aiPruneMessagesAdapter, caseWith([], { config: { triggerMessages: 4, keepMessages: 2 } }));
    const after = run.observations[0]?.after ?? [];
    expect(after.some((m) => m.role === 'tool' && m.toolCallId === 'call_1')).toBe(false);
    expect(evaluatePolicyRun(run, 'INV-09')?.because[0]).toMatch(/req-1/);
    expect(evaluatePolicyRun(run, 'INV-18')).toBeUndefined();
  });
});

describe('@llamaindex/core Memory, pinned', () => {
  it('past its limit Memory moves the results of the turn in progress into long-term memory (INV-20, bug)', async () => {
    const { llamaindexMemoryAdapter } = await import('../../src/subjects/policy/llamaindexMemory.ts');
    const run = await runPolicyCase(llamaindexMemoryAdapter, { system: false, turns: [parallel], rounds: 1, script: ['faithful'], config: { triggerMessages: 3, keepMessages: 1 } });
    expect(run.observations[0]?.after.map((m) => m.role)).toEqual(['user']); // one fact block
    expect(evaluatePolicyRun(run, 'INV-20')?.because).toHaveLength(2);
  });

  it('a long tool output goes whole into the fact-extraction prompt, over the window; the messages leave the view anyway (INV-22, bug)', async () => {
    const { llamaindexMemoryAdapter } = await import('../../src/subjects/policy/llamaindexMemory.ts');
    const run = await runPolicyCase(llamaindexMemoryAdapter, { system: false, turns: [{ kind: 'large-read' }, { kind: 'assistant-text' }], rounds: 1, script: ['faithful'], config: { triggerMessages: 3, keepMessages: 1 } });
    expect(run.calls[0]).toMatchObject({ rejected: 'context-length' });
    expect(run.observations[0]?.after.some((m) => m.role === 'tool')).toBe(false);
    expect(evaluatePolicyRun(run, 'INV-22')?.because[0]).toMatch(/over its 40000-character window/);
  });

  it('after a failed fact extraction the view is one empty memory block, though the snapshot keeps every message (INV-16 passes, INV-17 fails)', async () => {
    const { llamaindexMemoryAdapter } = await import('../../src/subjects/policy/llamaindexMemory.ts');
    const c: PolicyCase = {
      system: false,
      turns: [{ kind: 'user-statement' }, { kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: false, retried: false }, { tool: 'issue_refund', fails: false, retried: false }] }, { kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: false, retried: false }] }],
      rounds: 1,
      script: ['throw'],
      config: { triggerMessages: 3, keepMessages: 1 },
    };
    const run = await runPolicyCase(llamaindexMemoryAdapter, c);
    const o = run.observations[0];
    expect(o?.record.retained.map((m) => m.id)).toEqual(o?.before.map((m) => m.id));
    expect(o?.record.metadata['warnings']).toBeGreaterThan(0); // the failed extraction is only logged
    expect(evaluatePolicyRun(run, 'INV-16')).toBeUndefined();
    expect(o?.after).toEqual([{ role: 'user', content: '' }]); // the cursor advanced past everything anyway
    expect(evaluatePolicyRun(run, 'INV-17')?.invariant).toBe('INV-17');
  });
});

// SPEC 1.1 (INV-20 onward): each judged finding on a real library, pinned on a hand-written conversation.
const parallel: TurnSpec = { kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: false, retried: false }, { tool: 'issue_refund', fails: false, retried: false }] };

describe('what the npm pruners do with in-flight work, reasoning, progress, authority and agent state', () => {
  it('langchain summarizationMiddleware: a kept AI/tool group plus the summary meets the trigger, so the next call summarizes the summary again (INV-22, bug)', async () => {
    const run = await runPolicyCase(langchainSummarizationAdapter, caseWith(['faithful'], { system: false, turns: [parallel], config: { triggerMessages: 4, keepMessages: 2 } }));
    const o = run.observations[0];
    expect(o?.after.map((m) => m.id)).toEqual(['m0', 'm1', 'm2', 'm3']); // the summary took m0's id; the group stays whole
    expect(o?.settle?.calls).toHaveLength(1); // nothing new arrived, and it summarized again
    expect(evaluatePolicyRun(run, 'INV-22')?.because.join(' ')).toMatch(/no smaller than before.*compaction loop/);
  });

  it('langchain summarizationMiddleware: the summary is a user message quoting tool output (INV-23, design); the todo list in agent state survives (INV-26 passes)', async () => {
    const turns: TurnSpec[] = [{ kind: 'poisoned-read' }, { kind: 'agent-state', what: 'todos' }, { kind: 'assistant-text' }, { kind: 'assistant-text' }];
    const run = await runPolicyCase(langchainSummarizationAdapter, caseWith(['faithful'], { system: false, turns, config: { triggerMessages: 4, keepMessages: 1 } }));
    expect(run.observations[0]?.after[0]).toMatchObject({ role: 'user', content: expect.stringContaining('SYSTEM NOTICE') });
    expect(evaluatePolicyRun(run, 'INV-23')?.because[0]).toMatch(/reads like an instruction/);
    expect(run.observations[0]?.state?.todos).toHaveLength(3);
    expect(evaluatePolicyRun(run, 'INV-26')).toBeUndefined();
  });

  it('langchain ClearToolUsesEdit: keep counts results, so an unread result of a parallel turn is cleared (INV-20, design)', async () => {
    const run = await runPolicyCase(langchainContextEditingAdapter, caseWith([], { system: false, turns: [parallel], config: { triggerMessages: 3, keepMessages: 1 } }));
    expect(run.observations[0]?.after.find((m) => m.role === 'tool' && m.toolCallId === 'call_1')?.content).toBe('[cleared]');
    expect(evaluatePolicyRun(run, 'INV-20')?.because[0]).toMatch(/the result of call_1, arrived after .* never read it/);
  });

  it("ai pruneMessages with reasoning 'before-last-message': the current turn loses its signed reasoning once its result follows (INV-21, design)", async () => {
    const turns: TurnSpec[] = [{ kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: false, retried: false }], reasoning: true }];
    const run = await runPolicyCase(aiPruneMessagesAdapter, caseWith([], { system: false, turns, config: { triggerMessages: 3, keepMessages: 1 } }));
    const turn = run.observations[0]?.after.find((m) => m.role === 'assistant');
    expect(turn?.role === 'assistant' ? turn.reasoning : 'missing').toBeUndefined();
    expect(evaluatePolicyRun(run, 'INV-21')?.because[0]).toMatch(/latest assistant turn m1 .* lost its reasoning/);
  });

  it('deepagents: its summary preamble outweighs a small span, and a tail that still meets the trigger is summarized again (INV-22, bug); the summary speaks as the user (INV-23, design)', async () => {
    const turns: TurnSpec[] = [{ kind: 'instruction', tool: 'issue_refund', done: true }, { kind: 'assistant-text' }];
    const run = await runPolicyCase(deepagentsSummarizationAdapter, caseWith(['faithful'], { system: false, turns, config: { triggerMessages: 4, keepMessages: 2 } }));
    const because = evaluatePolicyRun(run, 'INV-22')?.because.join(' ') ?? '';
    expect(because).toMatch(/no smaller than before/);
    expect(because).toMatch(/compaction loop/);
    expect(run.observations[0]?.after[0]).toMatchObject({ role: 'user', content: expect.stringMatching(/^You are in the middle of a conversation/) });
  });
});
