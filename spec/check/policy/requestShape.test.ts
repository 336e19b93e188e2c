import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { SHAPE_RULES, shapeBreaches } from '../../../src/adapters/policy/providerShape.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';
import type { ProviderName } from '../../../src/adapters/policy/providerShape.ts';

// INV-33 on hand-built lists: each shape users report providers rejecting fires for the providers that reject it.
const system: PolicyMessage = { role: 'system', id: 'm0', content: 'You are a careful operations agent.' };
const task: PolicyMessage = { role: 'user', id: 'm1', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' };
const reasoning = { text: 'Thinking: refund first.', signature: 'sig_1' };
const call: PolicyMessage = { role: 'assistant', id: 'm2', content: '', toolCalls: [{ id: 'call_1', name: 'issue_refund', args: { request_id: 'req-1', order: '#1001' } }], reasoning };
const result: PolicyMessage = { role: 'tool', id: 'm3', toolCallId: 'call_1', name: 'issue_refund', content: 'OK issue_refund txn=TX-9001 request_id=req-1' };
const note: PolicyMessage = { role: 'assistant', id: 'm4', content: 'Progress note 4: continuing with the current task for dana.' };
const later: PolicyMessage = { role: 'user', id: 'm5', content: 'Also note: dana prefers a PDF receipt (ticket T-6).' };
const summary: PolicyMessage = { role: 'assistant', id: 's1', content: 'Summary of the conversation so far: a refund was issued.', replaces: ['m1'] };
const before = [system, task, call, result, note, later];

function observe(after: readonly PolicyMessage[], providers?: readonly ProviderName[]): PolicyObservation {
  const written = new Map(before.map((m) => [m.id as string, m]));
  return { round: 1, before, after, record: { retained: before, offloaded: [], metadata: {} }, calls: [], seen: written, written, ...(providers === undefined ? {} : { providers }) };
}
const inv33 = (o: PolicyObservation): string[] => (POLICY_CHECKS['INV-33'] as (o: PolicyObservation) => string[])(o);

describe('INV-33: the next request is valid', () => {
  it('INV-33 passes the list as it was and a summary after the task, for every provider', () => {
    expect(inv33(observe(before))).toEqual([]);
    expect(inv33(observe([system, task, summary, note, later]))).toEqual([]);
  });

  it('INV-33 flags a history that opens with a model turn for Gemini only (mastra-ai/mastra#4816)', () => {
    const opens = observe([system, summary, task, note, later]);
    expect(inv33(opens)).toEqual([expect.stringMatching(/first turn after the system messages is assistant message s1.*\(first-turn-user\): gemini rejects/)]);
    expect(inv33(observe([system, summary, task, note, later], ['anthropic', 'openai']))).toEqual([]);
  });

  it('INV-33 flags an orphan result and a call left unanswered while the conversation goes on, for all three providers', () => {
    expect(inv33(observe([system, task, result, note, later]))[0]).toMatch(/tool result m3 answers call call_1, which the assistant turn right before it does not make \(result-follows-call\): anthropic, openai, gemini reject/);
    expect(inv33(observe([system, task, call, note, later]))[0]).toMatch(/call call_1 of m2 is not answered .* \(call-answered\)/);
    // A call whose results have not arrived yet ends the list: the next request carries them.
    expect(inv33(observe([system, task, note, later, call]))).toEqual([]);
  });

  it('INV-33 flags an emptied message everywhere and a reasoning-only turn for Anthropic (vercel/ai#13430, mastra-ai/mastra#2667)', () => {
    const emptied: PolicyMessage = { role: 'assistant', id: 'm2', content: '' };
    expect(inv33(observe([system, task, emptied, note, later]))[0]).toMatch(/assistant message m2 carries nothing: .*\(no-empty-message\)/);
    const thinkingOnly: PolicyMessage = { role: 'assistant', id: 'm2', content: '', reasoning };
    expect(inv33(observe([system, task, thinkingOnly, note, later]))).toEqual([expect.stringMatching(/holds only a reasoning item.*\(no-reasoning-only-turn\): anthropic rejects/)]);
    expect(inv33(observe([system, task, thinkingOnly, note, later], ['openai', 'gemini']))).toEqual([]);
  });

  it('INV-33 holds the pruner only to breaches it made: one the list had before the prune is not its', () => {
    const o = observe([system, summary, note]);
    const opened = { ...o, before: [system, note, task] };
    expect(inv33(opened).some((line) => /first-turn-user/.test(line))).toBe(true);
    expect(inv33({ ...o, before: [system, summary, note] })).toEqual([]);
  });

  it('INV-33 flags an approval response whose request is not earlier in the list, for all three providers (vercel/ai#16385)', () => {
    const asked: PolicyMessage = { ...call, approvalRequests: [{ approvalId: 'approval_1', toolCallId: 'call_1' }] };
    const decided: PolicyMessage = { ...result, approval: { approvalId: 'approval_1', approved: true } };
    const pending = [system, task, asked, decided, note, later];
    const o = (after: readonly PolicyMessage[], providers?: readonly ProviderName[]): PolicyObservation => ({ ...observe(after, providers), before: pending });
    expect(inv33(o(pending))).toEqual([]);
    // The request stripped off the call's turn (the message kept, its other parts the same), the decision kept.
    expect(inv33(o([system, task, call, decided, note, later]))).toEqual([
      expect.stringMatching(/tool message m3 answers approval approval_1, whose tool-approval-request is not earlier in the list \(approval-response-has-request\): anthropic, openai, gemini reject/),
    ]);
    // A decision before its request is no better than one without it.
    expect(inv33(o([system, task, decided, asked, note, later])).some((line) => /approval-response-has-request/.test(line))).toBe(true);
    // Both gone together is consistent.
    expect(inv33(o([system, task, call, result, note, later]))).toEqual([]);
    // A decision whose fields the AI SDK's schema refuses is a breach of its own.
    const malformed = { ...result, approval: { approvalId: '', approved: true } } as PolicyMessage;
    expect(inv33(o([system, task, asked, malformed, note, later]))).toEqual([expect.stringMatching(/approval response of tool message m3 has no approvalId string/)]);
  });

  it('INV-33 flags an approval request whose call is gone (vercel/ai#20953)', () => {
    const orphaned: PolicyMessage = { role: 'assistant', id: 'm2', content: 'Waiting for approval.', approvalRequests: [{ approvalId: 'approval_1', toolCallId: 'call_1' }] };
    const before2 = [system, task, { ...call, approvalRequests: [{ approvalId: 'approval_1', toolCallId: 'call_1' }] }, { ...result, approval: { approvalId: 'approval_1', approved: true } }, note, later] as PolicyMessage[];
    const o = { ...observe([system, task, orphaned, note, later]), before: before2 };
    expect(inv33(o)).toEqual([expect.stringMatching(/approval request approval_1 of m2 asks about call call_1, which no message up to it makes \(approval-request-has-call\)/)]);
    const malformed = { ...call, approvalRequests: [{ approvalId: 'approval_1', toolCallId: 7 }] } as unknown as PolicyMessage;
    expect(inv33({ ...o, after: [system, task, malformed, result, note, later] })).toEqual([expect.stringMatching(/an approval request of assistant message m2 approval_1 has no toolCallId string \(approval-request-has-call\)/)]);
  });

  it('every shape rule names its providers and a public source', () => {
    expect(SHAPE_RULES.map((r) => r.id)).toEqual(expect.arrayContaining(['approval-response-has-request', 'approval-request-has-call']));
    for (const rule of SHAPE_RULES) {
      expect(rule.providers.length, rule.id).toBeGreaterThan(0);
      expect(rule.source, rule.id).toMatch(/#\d+|\.ts/);
    }
    expect(shapeBreaches([], ['gemini']).map((b) => b.rule)).toEqual(['first-turn-user']);
  });

  it('INV-33: every shape rule is a row of SPEC.md\'s INV-33 table, and every row a rule', () => {
    const spec = readFileSync(new URL('../../SPEC.md', import.meta.url), 'utf8');
    const section = spec.slice(spec.indexOf('### INV-33'), spec.indexOf('### INV-34'));
    const rows = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(rows).toEqual(SHAPE_RULES.map((r) => r.id));
  });
});
