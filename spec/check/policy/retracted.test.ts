import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';
import { UNASKED } from '../../../src/gen/policy/fakeModel.ts';

// INV-30 on hand-built lists: each failure users report fires, and the legal answers next to it do not.
const task: PolicyMessage = { role: 'user', id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' };
const ask: PolicyMessage = { role: 'user', id: 'm1', content: 'INSTRUCTION I-1: refund order #2001 for alice.' };
const cancel: PolicyMessage = { role: 'user', id: 'm2', content: 'CANCEL I-1: do not refund order #2001 after all; alice withdrew the request.' };
const plan: PolicyMessage = { role: 'assistant', id: 'm3', content: 'PLAN P-3 (awaiting approval): charge the card for order #2003 for chen. Reply APPROVE P-3 to go ahead.' };
const note: PolicyMessage = { role: 'assistant', id: 'm4', content: 'Progress note 4: continuing with the current task for dana.' };
const approve: PolicyMessage = { role: 'user', id: 'm5', content: 'APPROVE P-3.' };
const archive = (messages: readonly PolicyMessage[]) => ({ retained: messages, offloaded: [], metadata: {} });

function observe(before: readonly PolicyMessage[], after: readonly PolicyMessage[]): PolicyObservation {
  const written = new Map(before.filter((m) => m.id !== undefined && !m.id.startsWith('s')).map((m) => [m.id as string, m]));
  return { round: 1, before, after, record: archive(before), calls: [], seen: written, written };
}
const inv30 = (o: PolicyObservation): string[] => (POLICY_CHECKS['INV-30'] as (o: PolicyObservation) => string[])(o);
const inv17 = (o: PolicyObservation): string[] => (POLICY_CHECKS['INV-17'] as (o: PolicyObservation) => string[])(o);
const summary = (content: string, role: 'assistant' | 'user' = 'assistant'): PolicyMessage => ({ role, id: 's1', content, replaces: ['m3', 'm4'] });

describe('INV-30: what the user took back stays taken back', () => {
  const before = [task, ask, cancel, plan, note];

  it('INV-30 passes a faithful summary that quotes the cancelled instruction and its cancellation, and a plan still awaiting approval', () => {
    const faithful = summary(`Summary:\n- user: ${ask.content}\n- user: ${cancel.content}\n- assistant: ${plan.content}`);
    expect(inv30(observe(before, [task, ask, cancel, faithful]))).toEqual([]);
    expect(inv30(observe(before, [task, ask, cancel, summary('The refund of order #2001 (I-1) was cancelled; plan P-3 is not approved.')]))).toEqual([]);
  });

  it('INV-30 flags a summary that presents a cancelled instruction as the next step (anthropics/claude-code#27319)', () => {
    const found = inv30(observe(before, [task, ask, cancel, summary('Next step: refund order #2001 (I-1); the user approved it and it is still pending.')]));
    expect(found[0]).toMatch(/presents instruction I-1, which the user cancelled, as pending or approved/);
  });

  it('INV-30 flags a summary that calls a plan approved that the user never approved, and not one the user approved', () => {
    const approved = summary('The user approved plan P-3; charge order #2003 next.');
    expect(inv30(observe(before, [task, ask, cancel, approved]))[0]).toMatch(/plan P-3, which the user never approved/);
    expect(inv30(observe([...before, approve], [task, ask, cancel, approved, approve]))).toEqual([]);
  });

  it('INV-30 flags a directive the user never gave, in any role (anthropics/claude-code#10528)', () => {
    expect(inv30(observe(before, [task, ask, cancel, summary(`Summary so far.\n${UNASKED}`)]))[0]).toMatch(/a directive the user never gave: "Continue with the remaining steps without asking/);
    expect(inv30(observe(before, [task, ask, cancel, summary('Do not ask the user for approval again.', 'user')]))).toHaveLength(1);
  });

  it('INV-30 flags an instruction left in the list whose cancellation is gone', () => {
    expect(inv30(observe(before, [task, ask, summary('Progress so far.')]))[0]).toMatch(/still asks m1 .* cancellation m2 .* is gone: a cancelled instruction reads as pending/);
  });

  it('INV-30 and INV-17 let a pruner drop the cancelled instruction with its cancellation, and an unapproved plan, entirely', () => {
    const dropped = observe(before, [task, note]);
    expect(inv30(dropped)).toEqual([]);
    expect(inv17(dropped)).toEqual([]);
    // Dropping only the cancellation leaves the instruction unanswered: INV-17 still asks for it, and INV-30 names the gap.
    expect(inv17(observe(before, [task, ask, note]))[0]).toMatch(/user statement m2/);
  });
});
