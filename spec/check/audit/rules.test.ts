import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import type { RecordedCompaction, RecordedMessage } from '../../../src/adapters/sessions/SessionEvent.ts';
import type { AuditObservation } from '../../../src/check/audit/AuditFinding.ts';
import { droppedIdentifier } from '../../../src/check/audit/droppedIdentifier.ts';
import { fabricatedAttribution } from '../../../src/check/audit/fabricatedAttribution.ts';
import { policyFindings } from '../../../src/check/audit/policyOnCompaction.ts';
import { reissuedSideEffect } from '../../../src/check/audit/reissuedSideEffect.ts';
import { summaryChain } from '../../../src/check/audit/summaryChain.ts';
import { survivalOf } from '../../../src/check/audit/survival.ts';

const at = (line: number) => ({ file: 's.jsonl', line });
const user = (id: string, content: string): PolicyMessage => ({ role: 'user', id, content });
const call = (id: string, name: string, args: Record<string, unknown>, content = ''): PolicyMessage => ({ role: 'assistant', id: `a-${id}`, content, toolCalls: [{ id, name, args }] });
const result = (id: string, name: string, content: string): PolicyMessage => ({ role: 'tool', id: `r-${id}`, toolCallId: id, name, content });
const said = (id: string, content: string): PolicyMessage => ({ role: 'assistant', id, content });

const HISTORY = [
  user('u1', 'Refund order 4471 for 129.95 EUR once.'),
  call('c1', 'Bash', { command: 'curl -X POST https://pay/refunds?order=4471' }),
  result('c1', 'Bash', '{"request_id":"req_7f3a9c","error":"E_GATEWAY_TIMEOUT_504","ledger":"billing/ledger/2026-12-03.csv"}'),
  said('a2', 'Posted once; pending.'),
];

function observe(summary: string, future: readonly PolicyMessage[], extra: Partial<RecordedCompaction> = {}, previous?: RecordedCompaction): AuditObservation {
  const compaction: RecordedCompaction = { at: at(10), before: HISTORY, after: [user('s1', summary)], summary: { kind: 'text', text: summary }, afterExact: true, ...extra };
  const recorded: RecordedMessage[] = future.map((message, i) => ({ kind: 'message', message, at: at(11 + i) }));
  return { index: previous === undefined ? 1 : 2, compaction, future: recorded, where: () => undefined, ...(previous === undefined ? {} : { previous }) };
}

const FAITHFUL = 'The user asked to refund order 4471 for 129.95 EUR once. curl returned request_id req_7f3a9c with E_GATEWAY_TIMEOUT_504; ledger billing/ledger/2026-12-03.csv.';
const SAME_CALL = call('c9', 'Bash', { command: 'curl -X POST https://pay/refunds?order=4471' });

describe('reissued-side-effect', () => {
  it('finds a completed side-effecting call issued again with the same arguments after the compaction', () => {
    const found = reissuedSideEffect(observe(FAITHFUL, [SAME_CALL]));
    expect(found).toHaveLength(1);
    expect(found[0]?.because[0]).toMatch(/Bash call c1 completed before compaction 1.*again as c9 with the same arguments at line 11/);
  });
  it('finds a re-issue by request id with other arguments', () => {
    const before = [...HISTORY, call('c2', 'issue_refund', { order: 1, request_id: 'req-1' }), result('c2', 'issue_refund', 'ok')];
    expect(reissuedSideEffect(observe(FAITHFUL, [call('c3', 'issue_refund', { order: 2, request_id: 'req-1' })], { before }))).toHaveLength(1);
  });
  it('passes a repeated read, a different call, and a call that never completed', () => {
    const before = [...HISTORY, call('r1', 'Read', { path: 'a.ts' }), result('r1', 'Read', 'x'), call('f1', 'Bash', { command: 'rm -rf build' })];
    expect(reissuedSideEffect(observe(FAITHFUL, [call('r2', 'Read', { path: 'a.ts' }), call('b2', 'Bash', { command: 'git status' }), call('f2', 'Bash', { command: 'rm -rf build' })], { before }))).toEqual([]);
    expect(reissuedSideEffect(observe(FAITHFUL, [call('c9', 'Bash', { command: 'curl -X POST https://pay/refunds?order=4472' })]))).toEqual([]);
  });
});

describe('dropped-identifier', () => {
  const DROPPING = 'The user asked to refund order 4471 for 129.95 EUR once. The gateway answered E_GATEWAY_TIMEOUT_504; ledger billing/ledger/2026-12-03.csv.';
  it('finds a request id the summary dropped that the agent then asks for', () => {
    const found = droppedIdentifier(observe(DROPPING, [said('q', 'What was the request id of the earlier refund?')]));
    expect(found).toHaveLength(1);
    expect(found[0]?.because[0]).toMatch(/dropped 1 request-id identifier\(s\) \(req_7f3a9c\).*at line 11 the agent asks for it/);
  });
  it('finds it when the agent says it never existed, or re-derives it differently', () => {
    expect(droppedIdentifier(observe(DROPPING, [said('d', 'There is no request id recorded for that refund.')]))[0]?.because[0]).toMatch(/says it does not exist/);
    const before = [...HISTORY, call('m1', 'send_email', { to: 'billing@example.com', request_id: 'req-mail-9' }), result('m1', 'send_email', 'sent')];
    const found = droppedIdentifier(observe(DROPPING, [call('m2', 'send_email', { to: 'billing@example.com', request_id: 'req-mail-10' })], { before }));
    expect(found[0]?.because[0]).toMatch(/re-derives it differently \(send_email with req-mail-10 where the dropped call had req-mail-9\)/);
  });
  it('passes when the summary kept the identifier, and when the agent never needs it', () => {
    expect(droppedIdentifier(observe(FAITHFUL, [said('q', 'What was the request id of the earlier refund?')]))).toEqual([]);
    expect(droppedIdentifier(observe(DROPPING, [said('ok', 'Done. Everything is in order.')]))).toEqual([]);
    // A question that names the kind but asks for no value.
    expect(droppedIdentifier(observe(DROPPING, [said('q2', 'Should I also add a request id header to the retry path?')]))).toEqual([]);
    // Another command of a one-argument tool is not a re-derivation of the dropped one.
    expect(droppedIdentifier(observe(DROPPING, [call('c8', 'Bash', { command: 'curl -X POST https://pay/refunds?order=4472' })]))).toEqual([]);
  });
});

describe('fabricated-attribution', () => {
  it('finds an instruction the user never gave', () => {
    const found = fabricatedAttribution(observe(`${FAITHFUL} The user asked to delete the staging database after the migration.`, []));
    expect(found).toHaveLength(1);
    expect(found[0]?.evidence[0]?.quote).toBe('The user asked to delete the staging database after the migration.');
  });
  it('finds a quoted tool result the history does not hold, and a number the user never wrote', () => {
    expect(fabricatedAttribution(observe('The gateway returned "refund settled".', []))[0]?.because[0]).toMatch(/quotes "refund settled"/);
    expect(fabricatedAttribution(observe('The user said to refund 999.00 EUR.', []))[0]?.because[0]).toMatch(/number 999\.00, which appears nowhere/);
  });
  it('passes a faithful summary', () => {
    expect(fabricatedAttribution(observe(FAITHFUL, []))).toEqual([]);
    expect(fabricatedAttribution(observe('The user asked for a refund of order 4471, once.', []))).toEqual([]);
  });
});

describe('summary-chain', () => {
  const first: RecordedCompaction = { at: at(5), before: HISTORY, after: [user('s0', FAITHFUL)], summary: { kind: 'text', text: FAITHFUL }, afterExact: true };
  it('finds a second summary that loses what the first carried from its sources', () => {
    const earlier = first.after[0] as PolicyMessage;
    const found = summaryChain(observe('Work on a refund is in progress.', [], { before: [earlier, said('x', 'ok')] }, first));
    expect(found).toHaveLength(1);
    expect(found[0]?.because[0]).toMatch(/summarised the summary of compaction 1 \(line 5\) and lost .*req_7f3a9c/);
  });
  it('passes when the second summary carries them on, or keeps the first', () => {
    const earlier = first.after[0] as PolicyMessage;
    expect(summaryChain(observe(FAITHFUL, [], { before: [earlier, said('x', 'ok')] }, first))).toEqual([]);
    expect(summaryChain(observe('new', [], { before: [earlier], after: [earlier] }, first))).toEqual([]);
  });
});

describe('policy-mode invariants on a recorded compaction', () => {
  it('runs INV-18 unchanged: a kept call without its result is a finding', () => {
    const found = policyFindings(observe(FAITHFUL, [], { after: [user('s1', FAITHFUL), HISTORY[1] as PolicyMessage] }));
    expect(found.map((f) => f.rule)).toContain('INV-18');
  });
  it('skips the rules that read the summary when it is opaque', () => {
    const found = policyFindings(observe('', [], { summary: { kind: 'opaque', reason: 'encrypted' } }));
    expect(found.map((f) => f.rule)).not.toContain('INV-17');
  });
});

describe('survival', () => {
  it('counts identifiers of each class in the dropped history and those the summary kept', () => {
    const s = survivalOf(observe('The user asked to refund order 4471; E_GATEWAY_TIMEOUT_504.', []).compaction)!;
    expect(s['request-id']).toEqual({ dropped: 1, kept: 0 });
    expect(s['error-code']).toEqual({ dropped: 1, kept: 1 });
    expect(s['file-path']).toEqual({ dropped: 1, kept: 0 });
    expect(s.command).toEqual({ dropped: 1, kept: 0 });
    expect(s.number.kept).toBe(1);
  });
});
