import { describe, expect, it } from 'vitest';
import type { PolicyHeldItem } from '../../../src/adapters/policy/PolicyHeldItem.ts';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';
import { fileReadTurn, fileText } from '../../../src/gen/policy/stateTurns.ts';

// INV-36 on hand-built lists: a read cache entry whose content is in the list passes; one whose content left fails.
const task: PolicyMessage = { role: 'user', id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' };
const read = fileReadTurn('src/refunds.ts', 1, false);
const call: PolicyMessage = { role: 'assistant', id: 'm1', content: '', toolCalls: [read.call] };
const result: PolicyMessage = { ...read.result, id: 'm2' };
const before = [task, call, result];
const summary: PolicyMessage = { role: 'assistant', id: 's1', content: 'Summary: the agent read src/refunds.ts.', replaces: ['m1', 'm2'] };
const entry: PolicyHeldItem = { source: 'read-cache', key: 'src/refunds.ts', text: fileText('src/refunds.ts') };

function inv36(after: readonly PolicyMessage[], held: readonly PolicyHeldItem[] | undefined): string[] {
  const written = new Map(before.map((m) => [m.id as string, m]));
  const o: PolicyObservation = { round: 1, before, after, record: { retained: before, offloaded: [], metadata: {} }, calls: [], seen: written, written, ...(held === undefined ? {} : { held }) };
  return (POLICY_CHECKS['INV-36'] as (o: PolicyObservation) => string[])(o);
}

describe('INV-36: state outside the window agrees with the window', () => {
  it('INV-36 passes a read cache entry whose file content is still in the list, and an emptied cache after a compaction', () => {
    expect(inv36(before, [entry])).toEqual([]);
    expect(inv36([summary, task], [])).toEqual([]);
  });

  it('INV-36 flags a read cache that still vouches for a file whose content the prune removed (yvgude/lean-ctx#808)', () => {
    const found = inv36([summary, task], [entry]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/library's read-cache says the model holds src\/refunds\.ts .* no message in the list carries that text/);
  });

  it('INV-36 judges nothing on a library that reports no held state (the check answers nothing; the report says unknown)', () => {
    expect(inv36([summary, task], undefined)).toEqual([]);
  });

  it('a file read again is answered "unchanged" by the generator, and that answer is not the content', () => {
    const again = fileReadTurn('src/refunds.ts', 2, true);
    expect(again.result.content).toMatch(/^File unchanged since last read: src\/refunds\.ts/);
    expect(inv36([task, { ...again.result, id: 'm4' }], [entry])).toHaveLength(1);
  });
});
