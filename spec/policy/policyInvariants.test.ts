import { describe, expect, it } from 'vitest';
import type { PolicyRecord } from '../../src/adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../src/adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../src/adapters/policy/invariantIds.ts';
import type { PolicyObservation } from '../../src/check/policy/PolicyObservation.ts';
import { POLICY_CHECKS, POLICY_INVARIANT_IDS } from '../../src/check/policy/invariants.ts';
import type { ModelCall } from '../../src/gen/policy/fakeModel.ts';
import type { InvariantId } from '../../src/model/invariants.ts';

const sys: PolicyMessage = { role: 'system', id: 'm0', content: 'rules' };
const task: PolicyMessage = { role: 'user', id: 'm1', content: 'TASK: refund order #1001' };
const call: PolicyMessage = { role: 'assistant', id: 'm2', content: '', toolCalls: [{ id: 'call_1', name: 'issue_refund', args: { request_id: 'req-1' } }] };
const result: PolicyMessage = { role: 'tool', id: 'm3', toolCallId: 'call_1', name: 'issue_refund', content: 'OK txn=TX-9001 request_id=req-1' };
const text: PolicyMessage = { role: 'assistant', id: 'm4', content: 'done' };
const before = [sys, task, call, result, text];
const NO_RECORD: PolicyRecord = { retained: [], offloaded: [], metadata: {} };
const failedCall: ModelCall = { call: 1, behaviour: 'throw', promptChars: 10, outcome: 'threw', outputChars: 0, outputPreview: '' };

function observe(after: readonly PolicyMessage[], extra: Partial<PolicyObservation> = {}): PolicyObservation {
  const map = new Map(before.map((m) => [m.id as string, m]));
  return { round: 1, before, after, record: NO_RECORD, calls: [], seen: map, written: map, ...extra };
}
const check = (id: InvariantId, o: PolicyObservation): string[] => (POLICY_CHECKS[id] as (o: PolicyObservation) => string[])(o);

describe('policy observation checks', () => {
  it('adapters claim exactly the invariants the checker observes', () => {
    expect([...POLICY_CHECKABLE]).toEqual(POLICY_INVARIANT_IDS);
  });

  it('an unchanged list passes every check', () => {
    for (const id of POLICY_INVARIANT_IDS) expect(check(id, observe(before, { calls: [failedCall] })), id).toEqual([]);
  });

  it('INV-01 wants a record outside the list; INV-03 accepts a marker in the list instead', () => {
    const marker: PolicyMessage = { role: 'assistant', id: 's1', content: 'summary', replaces: ['m4'] };
    const o = observe([sys, task, call, result, marker]);
    expect(check('INV-01', o)[0]).toMatch(/m4 .* left the list in round 1/);
    expect(check('INV-03', o)).toEqual([]);
    expect(check('INV-01', observe([sys, task, call, result], { record: { ...NO_RECORD, retained: [text] } }))).toEqual([]);
  });

  it('INV-03 accepts an offloaded file that holds every piece of the message, and nothing less', () => {
    const offloaded = (t: string): PolicyRecord => ({ ...NO_RECORD, offloaded: [{ path: '/h.md', text: t }] });
    const after = [sys, task, text];
    expect(check('INV-03', observe(after, { record: offloaded('call_1 {"request_id":"req-1"} OK txn=TX-9001 request_id=req-1 call_1') }))).toEqual([]);
    expect(check('INV-03', observe(after, { record: offloaded('call_1 OK txn=TX-9001 request_id=req-1') }))).toHaveLength(1);
  });

  it('INV-04 flags an id that now names a different message, and duplicate ids', () => {
    expect(check('INV-04', observe([sys, { role: 'user', id: 'm1', content: 'Here is a summary' }, text]))[0]).toMatch(/id m1 named/);
    expect(check('INV-04', observe([sys, task, text, text]))[0]).toMatch(/share id m4/);
    expect(check('INV-04', observe([sys, task, call, { role: 'tool', id: 'm3', toolCallId: 'call_1', name: 'issue_refund', content: '[cleared]', replaces: ['m3'] }, text]))).toEqual([]);
  });

  it('INV-05 flags an inserted message without provenance or naming unknown ids', () => {
    expect(check('INV-05', observe([sys, { role: 'user', content: 'summary' }, text]))[0]).toMatch(/neither it nor the library's record/);
    expect(check('INV-05', observe([sys, { role: 'user', content: 's', replaces: ['m99'] }, text]))[0]).toMatch(/never in the list/);
    expect(check('INV-05', observe([sys, { role: 'user', content: 's', replaces: ['m1', 'm2'] }, text]))).toEqual([]);
  });

  it('INV-09 flags a side-effect request id found nowhere after the prune', () => {
    expect(check('INV-09', observe([sys, task, text]))[0]).toMatch(/request id req-1/);
    expect(check('INV-09', observe([sys, task, { role: 'user', content: 'did req-1' }]))).toEqual([]);
  });

  it('INV-16 applies only when the summarizer failed, and then wants everything kept or recoverable', () => {
    const after = [sys, { role: 'user', content: 'Error generating summary' } as PolicyMessage];
    expect(check('INV-16', observe(after))).toEqual([]);
    expect(check('INV-16', observe(after, { calls: [failedCall] })).length).toBe(4);
    expect(check('INV-16', observe(after, { calls: [failedCall], record: { ...NO_RECORD, retained: [task, call, result, text] } }))).toEqual([]);
  });

  it('INV-17 wants each user statement in the list or quoted verbatim; a paraphrase fails', () => {
    expect(check('INV-17', observe([sys, text]))[0]).toMatch(/states the task/);
    expect(check('INV-17', observe([sys, { role: 'user', content: `Summary: ${task.content}` }]))).toEqual([]);
    expect(check('INV-17', observe([sys, { role: 'user', content: 'Summary: refund order [id]' }]))).toHaveLength(1);
  });

  it('INV-18 flags a dangling call, an orphan result and a reversed pair', () => {
    expect(check('INV-18', observe([sys, task, call, text]))[0]).toMatch(/dangling/);
    expect(check('INV-18', observe([sys, task, result, text]))[0]).toMatch(/orphan/);
    expect(check('INV-18', observe([sys, task, result, call, text]))[0]).toMatch(/before its call/);
    expect(check('INV-18', observe([sys, task, text]))).toEqual([]);
  });

  it('INV-19 wants the same system message first', () => {
    expect(check('INV-19', observe([task, sys, text]))[0]).toMatch(/begins with m1/);
    expect(check('INV-19', observe([]))[0]).toMatch(/empty/);
    expect(check('INV-19', observe([{ role: 'system', id: 'm0', content: 'changed' }, task]))).toHaveLength(1);
  });
});
