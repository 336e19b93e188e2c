import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import type { PolicyOutcome } from '../../../src/adapters/policy/PolicyOutcome.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';
import { observedDifference } from '../../../src/check/policy/reportedOutcome.ts';

// INV-38 on hand-built lists: the library's report against what the step observably did.
const task: PolicyMessage = { role: 'user', id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' };
const note: PolicyMessage = { role: 'assistant', id: 'm1', content: `Progress note 1: continuing with the current task for alice.${' detail'.repeat(20)}` };
const note2: PolicyMessage = { role: 'assistant', id: 'm2', content: 'Progress note 2: continuing with the current task for bob.' };
const before = [task, note, note2];
const summary: PolicyMessage = { role: 'assistant', id: 's1', content: 'Summary: notes 1-2.', replaces: ['m1', 'm2'] };
const compacted = [task, summary];

function inv38(after: readonly PolicyMessage[], outcome: PolicyOutcome | undefined): string[] {
  const written = new Map(before.map((m) => [m.id as string, m]));
  const o: PolicyObservation = { round: 1, before, after, record: { retained: before, offloaded: [], metadata: {} }, calls: [], seen: written, written, ...(outcome === undefined ? {} : { outcome }) };
  return (POLICY_CHECKS['INV-38'] as (o: PolicyObservation) => string[])(o);
}

describe('INV-38: what it says it did is what it did', () => {
  it('observes removals, in-place rewrites and insertions by id', () => {
    expect(observedDifference(before, compacted)).toMatchObject({ removed: 2, replaced: 0, inserted: 1 });
    expect(observedDifference(before, [task, { ...note, content: '[cleared]' }, note2])).toMatchObject({ removed: 0, replaced: 1, inserted: 0 });
  });

  it('INV-38 passes a true report: a flag alone, exact counts, tokens in any tokenizer that agree on the direction', () => {
    expect(inv38(before, { compacted: false })).toEqual([]);
    expect(inv38(compacted, { compacted: true, removed: 2, inserted: 1, messagesBefore: 3, messagesAfter: 2, tokensBefore: 900, tokensAfter: 10 })).toEqual([]);
    expect(inv38([task, note], { compacted: true, removed: 1, tokensSaved: 3 })).toEqual([]);
  });

  it('INV-38 flags "compacted" when nothing changed (bug-ops/zeph#2058)', () => {
    expect(inv38(before, { compacted: true })[0]).toMatch(/reported that it compacted, but the list is unchanged/);
  });

  it('INV-38 flags a silent shrink: no compaction reported, the list changed (RooCodeInc/Roo-Code#7811)', () => {
    expect(inv38(compacted, { compacted: false })[0]).toMatch(/reported no compaction, but the list changed .*a silent shrink/);
  });

  it('INV-38 flags wrong counts and tokens saved that no tokenizer could see', () => {
    expect(inv38(compacted, { compacted: true, removed: 5 })[0]).toMatch(/reported 5 messages removed \(removed\); prunecheck observed 2/);
    expect(inv38(before, { compacted: false, tokensSaved: 40 })[0]).toMatch(/reported 40 tokens saved, but the list is unchanged/);
    expect(inv38([task, note], { compacted: true, tokensSaved: 0 })[0]).toMatch(/reported 0 tokens saved, but it only removed messages/);
  });

  it('INV-38 judges nothing in a step the library reported nothing for', () => {
    expect(inv38(compacted, undefined)).toEqual([]);
  });
});
