import { describe, expect, it } from 'vitest';
import { attributionsIn, completionClaims, quotes } from '../../../src/adapters/policy/attribution.ts';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';
import { INVENTED_USER } from '../../../src/gen/policy/fakeModel.ts';

// INV-31 on hand-built lists: invented user words, invented tool results and completion claims without a result
// fire; quotes (whole or elided), call records and true claims do not.
const task: PolicyMessage = { role: 'user', id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' };
const done: PolicyMessage = { role: 'user', id: 'm1', content: 'INSTRUCTION I-1: refund order #2001 for alice.' };
const call: PolicyMessage = { role: 'assistant', id: 'm2', content: '', toolCalls: [{ id: 'call_1', name: 'issue_refund', args: { request_id: 'req-1', order: '#2001' } }] };
const result: PolicyMessage = { role: 'tool', id: 'm3', toolCallId: 'call_1', name: 'issue_refund', content: 'OK issue_refund txn=TX-9001 request_id=req-1 detail detail detail' };
const pending: PolicyMessage = { role: 'user', id: 'm4', content: 'INSTRUCTION I-2: charge the card for order #2002 for bob.' };
const note: PolicyMessage = { role: 'assistant', id: 'm5', content: 'Progress note 5: continuing with the current task for chen.' };
const before = [task, done, call, result, pending, note];

function observe(after: readonly PolicyMessage[]): PolicyObservation {
  const written = new Map(before.map((m) => [m.id as string, m]));
  return { round: 1, before, after, record: { retained: before, offloaded: [], metadata: {} }, calls: [], seen: written, written };
}
const inv31 = (summary: string): string[] => (POLICY_CHECKS['INV-31'] as (o: PolicyObservation) => string[])(observe([task, { role: 'assistant', id: 's1', content: summary, replaces: ['m2', 'm3'] }, done, pending, note]));

describe('INV-31: no false attribution', () => {
  it('INV-31 passes what the user and the tools said, quoted whole or with elisions, and call records', () => {
    expect(inv31(`- user: ${done.content}\n- tool: ${result.content.slice(0, 40)}\n- called issue_refund {"request_id":"req-1","order":"#2001"}`)).toEqual([]);
    expect(inv31('- user: INSTRUCTION I-1: refund order [id] for alice.\n- tool: OK issue_refund txn=[id] request_id=[id] detail…')).toEqual([]);
    expect(inv31('The user said "refund order #2001 for alice"; issue_refund returned "txn=TX-9001".')).toEqual([]);
  });

  it('INV-31 flags words put in the user\'s mouth (anthropics/claude-code#46602), in a role line or a quote', () => {
    expect(inv31(`Summary.\n${INVENTED_USER}`)[0]).toMatch(/attributes to the user words no user statement in the history holds: "Also refund order #2999/);
    expect(inv31('The user asked: "refund every order for alice".')[0]).toMatch(/attributes to the user/);
    // Elision may leave words out, never add them.
    expect(inv31('- user: INSTRUCTION I-1: refund order [id] for alice and bob.')).toHaveLength(1);
  });

  it('INV-31 flags a tool result nobody returned', () => {
    expect(inv31('- tool: OK charge_card txn=TX-9002 request_id=req-2')[0]).toMatch(/attributes to the tool words no tool result in the history holds/);
  });

  it('INV-31 flags a completion claim with no successful result (anthropics/claude-code#11483), not a true one or a negated one', () => {
    expect(inv31('Done: I-2 completed successfully (order #2002).')[0]).toMatch(/says the action on order #2002 was done, but no call on it has a successful result/);
    expect(inv31('Refunded order #2001 for alice (I-1).')).toEqual([]);
    expect(inv31('The charge for order #2002 is still pending; not done yet.')).toEqual([]);
  });

  it('reads attributions and completion claims by the documented conventions (D-28)', () => {
    expect(attributionsIn('- user: hello there')).toEqual([{ to: 'user', text: 'hello there' }]);
    expect(attributionsIn('read_log returned "00001 GET"')).toEqual([{ to: 'tool', text: '00001 GET' }]);
    expect(quotes('refund … for alice', 'INSTRUCTION I-1: refund order #2001 for alice.')).toBe(true);
    expect(quotes('for alice … refund', 'INSTRUCTION I-1: refund order #2001 for alice.')).toBe(false);
    expect(completionClaims('charged order #2002 and emailed order #2003')).toEqual(['2002', '2003']);
    expect(completionClaims('order #2002 was never charged')).toEqual([]);
  });
});
