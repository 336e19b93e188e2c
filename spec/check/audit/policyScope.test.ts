import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PolicyMessage, PolicyToolCall } from '../../../src/adapters/policy/PolicyMessage.ts';
import type { RecordedCompaction } from '../../../src/adapters/sessions/SessionEvent.ts';
import { policyObservation } from '../../../src/check/audit/policyOnCompaction.ts';
import { POLICY_SCOPES, type PolicyScope } from '../../../src/check/audit/policyScope.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { InvariantId } from '../../../src/model/invariants.ts';

// Small pools, so ids repeat, calls go unanswered, results arrive twice, and instructions name orders that
// calls act on: the cases where a scope that left out the wrong message would change a breach.
const ID = fc.option(fc.constantFrom('m1', 'm2', 'm3', 'm4', 'm5', 'm6'), { nil: undefined });
const CALL_ID = fc.constantFrom('c1', 'c2', 'c3', 'c4');
// Tool output long enough for INV-23 to look for its opening (40 characters; one of 39 and one of 40 sit on
// the edge), and summaries that quote one of them.
const LONG = ['{"request_id":"req-1","status":"refunded","amount":1250}', '{"request_id":"req-1","status":"refunded', '{"request_id":"req-1","status":"refunde'];
const TEXT = fc.constantFrom('', 'ok', 'INSTRUCTION I-1: refund order #12 now', 'INSTRUCTION I-2: email order #7', 'refund order #12 done', 'The user asked to keep going.', 'req-1 was refunded', ...LONG, `Summary: the tool said ${LONG[0]}`, `Summary: ${LONG[2]}`);
const CALL: fc.Arbitrary<PolicyToolCall> = fc.record({
  id: CALL_ID,
  name: fc.constantFrom('issue_refund', 'send_email', 'read_log', 'Bash'),
  args: fc.constantFrom<Record<string, unknown>>({ order: '#12', request_id: 'req-1' }, { order: '#7', request_id: 'req-2' }, { command: 'ls' }),
});
const REASONING = fc.option(fc.record({ text: fc.constantFrom('think', 'plan'), signature: fc.constantFrom('sig-a', 'sig-b') }), { nil: undefined });
const MESSAGE: fc.Arbitrary<PolicyMessage> = fc.oneof(
  fc.record({ role: fc.constant('user' as const), id: ID, content: TEXT }),
  fc.record({ role: fc.constant('system' as const), id: ID, content: TEXT }),
  fc.record({ role: fc.constant('assistant' as const), id: ID, content: TEXT, toolCalls: fc.array(CALL, { maxLength: 2 }), reasoning: REASONING }),
  fc.record({ role: fc.constant('tool' as const), id: ID, toolCallId: CALL_ID, name: fc.constantFrom('issue_refund', 'read_log'), content: TEXT, isError: fc.option(fc.boolean(), { nil: undefined }) }),
).map((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) as PolicyMessage);

/** A compaction: `before`, and an `after` of kept messages (the same objects) and inserted ones, in any order. */
const COMPACTION = fc
  .array(MESSAGE, { maxLength: 14 })
  .chain((before) => fc.tuple(fc.constant(before), fc.subarray(before), fc.array(MESSAGE, { maxLength: 3 }), fc.boolean()))
  .map(([before, kept, inserted, insertFirst]): RecordedCompaction => ({
    at: { file: 's.jsonl', line: 1 },
    before,
    after: insertFirst ? [...inserted, ...kept] : [...kept, ...inserted],
    summary: { kind: 'text', text: 'summary' },
    afterExact: true,
  }));

function sameBreaches(id: InvariantId, scope: PolicyScope): fc.IPropertyWithHooks<[RecordedCompaction]> {
  const check = POLICY_CHECKS[id];
  if (check === undefined) throw new Error(`no policy check for ${id}`);
  return fc.property(COMPACTION, (compaction) => {
    const o = policyObservation({ index: 3, compaction, future: [], where: () => undefined });
    const scoped = scope(o);
    expect(scoped === undefined ? [] : check(scoped)).toEqual(check(o));
  });
}

describe('policy scopes', () => {
  for (const [id, scope] of Object.entries(POLICY_SCOPES) as [InvariantId, PolicyScope][]) {
    it(`${id} finds on its scope exactly what it finds on the whole compaction`, () => {
      fc.assert(sameBreaches(id, scope), { numRuns: 3000, seed: 23 });
    });
  }

  it('catches a scope that leaves out a message that matters', () => {
    // The unread results after the last turn: a scope that keeps only in-flight calls misses them.
    const tooNarrow: PolicyScope = (o) => ({ ...o, before: o.before.filter((m) => m.role === 'assistant') });
    expect(fc.check(sameBreaches('INV-20', tooNarrow), { numRuns: 3000, seed: 23 }).failed).toBe(true);
    // A gate that skips INV-18 whenever the list after has no call misses the orphan results it keeps.
    const wrongGate: PolicyScope = (o) => (o.after.some((m) => m.role === 'assistant' && (m.toolCalls ?? []).length > 0) ? o : undefined);
    expect(fc.check(sameBreaches('INV-18', wrongGate), { numRuns: 3000, seed: 23 }).failed).toBe(true);
    // A tool result of exactly 40 characters is looked for too: a scope that keeps only longer ones misses it.
    const overForty: PolicyScope = (o) => ({ ...o, written: new Map([...o.written].filter(([, m]) => m.role !== 'tool' || m.content.length > 40)) });
    expect(fc.check(sameBreaches('INV-23', overForty), { numRuns: 3000, seed: 23 }).failed).toBe(true);
  });
});
