import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import type { PolicyRecord } from '../../../src/adapters/policy/PolicyAdapter.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';

// INV-35 on hand-built lists: a canary from sensitive output anywhere the library wrote it fires; the original
// output, kept or archived, does not.
const KEY = 'sk-live-0123456789abcdef01234567';
const task: PolicyMessage = { role: 'user', id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' };
const read: PolicyMessage = { role: 'assistant', id: 'm1', content: '', toolCalls: [{ id: 'call_1', name: 'read_log', args: { query: 'environment of payments-worker' } }] };
const env: PolicyMessage = { role: 'tool', id: 'm2', toolCallId: 'call_1', name: 'read_log', content: `Environment of payments-worker:\nPAYMENTS_API_KEY=${KEY}\nREGION=eu-west-1`, sensitive: true };
const note: PolicyMessage = { role: 'assistant', id: 'm3', content: 'Progress note 3: continuing with the current task for chen.' };
const before = [task, read, env, note];
const summary = (content: string): PolicyMessage => ({ role: 'assistant', id: 's1', content, replaces: ['m1', 'm2'] });
const archive: PolicyRecord = { retained: [read, env], offloaded: [], metadata: {} };

function observe(after: readonly PolicyMessage[], record: PolicyRecord = archive): PolicyObservation {
  const written = new Map(before.map((m) => [m.id as string, m]));
  return { round: 1, before, after, record, calls: [], seen: written, written };
}
const inv35 = (o: PolicyObservation): string[] => (POLICY_CHECKS['INV-35'] as (o: PolicyObservation) => string[])(o);

describe('INV-35: secrets do not travel', () => {
  it('INV-35 passes the sensitive output kept as it is, archived, or written to a file whole, and a summary without it', () => {
    expect(inv35(observe(before))).toEqual([]);
    expect(inv35(observe([task, summary('Summary: the environment was read.'), note]))).toEqual([]);
    expect(inv35(observe([task, summary('Summary.'), note], { retained: [], offloaded: [{ path: '/history/1.md', text: `## tool\n${env.content}` }], metadata: {} }))).toEqual([]);
  });

  it('INV-35 flags a summary that copies the key (NousResearch/hermes-agent PR #12734)', () => {
    expect(inv35(observe([task, summary(`Summary. Credentials kept for later: PAYMENTS_API_KEY=${KEY}`), note]))).toEqual([expect.stringMatching(/round 1 inserted s1 .* carries the secret sk-live-… from sensitive tool output/)]);
  });

  it('INV-35 flags the key persisted by the library outside its archive: a retained summary, metadata, a file of notes', () => {
    const kept: PolicyRecord = { retained: [read, env, summary(`key ${KEY}`)], offloaded: [], metadata: {} };
    expect(inv35(observe(before, kept))[0]).toMatch(/keeps s1 .* not an original message/);
    expect(inv35(observe(before, { ...archive, metadata: { previousSummary: `key ${KEY}` } }))[0]).toMatch(/metadata carries the secret/);
    expect(inv35(observe(before, { ...archive, offloaded: [{ path: '/notes.md', text: `keys: ${KEY}` }] }))[0]).toMatch(/file \/notes.md carries the secret .* outside an archived copy/);
  });

  it('INV-35 ignores credentials in output not marked sensitive', () => {
    const { sensitive: _s, ...plain } = env;
    const o = observe([task, summary(`PAYMENTS_API_KEY=${KEY}`), note]);
    expect(inv35({ ...o, written: new Map([...o.written].map(([id, m]) => [id, id === 'm2' ? plain : m])) })).toEqual([]);
  });
});
