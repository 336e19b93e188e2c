import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import type { PolicyRecord } from '../../../src/adapters/policy/PolicyAdapter.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';

// INV-37 on hand-built lists: a message that arrived while the prune ran is in the list or the record after it, or lost.
const task: PolicyMessage = { role: 'user', id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' };
const typed: PolicyMessage = { role: 'user', id: 'm5', content: 'While you were busy: bob also wants order #4002 put on hold (ticket T-3).' };
const summary: PolicyMessage = { role: 'assistant', id: 's1', content: 'Summary: refund done.', replaces: ['m1', 'm2'] };
const none: PolicyRecord = { retained: [], offloaded: [], metadata: {} };

function inv37(after: readonly PolicyMessage[], record: PolicyRecord, arrived: readonly PolicyMessage[] | undefined): string[] {
  const before = [summary, task, ...(arrived ?? [])];
  const written = new Map([task, typed].map((m) => [m.id as string, m]));
  const o: PolicyObservation = {
    round: 2, before, after, record, calls: [], seen: written, written,
    ...(arrived === undefined ? {} : { arrived, interleaving: ['arrival m5', 'summarizer answers'] }),
  };
  return (POLICY_CHECKS['INV-37'] as (o: PolicyObservation) => string[])(o);
}

describe('INV-37: nothing that arrives during a compaction is lost', () => {
  it('INV-37 passes an arrival that is in the list, or held exactly by the record', () => {
    expect(inv37([summary, task, typed], none, [typed])).toEqual([]);
    expect(inv37([summary, task], { ...none, retained: [typed] }, [typed])).toEqual([]);
  });

  it('INV-37 flags a message typed during compaction that is in neither, naming the interleaving (anthropics/claude-code#62235)', () => {
    const found = inv37([summary, task], none, [typed]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/m5 .* arrived while round 2's prune was running \(the scheduler released, in order: arrival m5, summarizer answers\).* it was lost/);
  });

  it('INV-37 does not count a summary that only names the arrival: the record must hold it exactly', () => {
    expect(inv37([summary, task], { ...none, metadata: { dropped: ['m5'] } }, [typed])).toHaveLength(1);
  });

  it('INV-37 has nothing to judge in a step nothing arrived during', () => {
    expect(inv37([summary, task], none, undefined)).toEqual([]);
  });
});
