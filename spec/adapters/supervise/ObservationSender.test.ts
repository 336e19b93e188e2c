import fc from 'fast-check';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { ObservationReceiver } from '../../../src/adapters/supervise/ObservationReceiver.ts';
import { ObservationSender } from '../../../src/adapters/supervise/ObservationSender.ts';

// A batch sends each observe answer as what changed since the last observation of each id (issue 25's cost per
// step). Whatever a module does to the objects it answered (updates them in place, answers the same array again,
// answers something that is not plain data), the engine must read each answer as the module gave it then.

const IDS = ['a', 'b', 'c', 'd'];

/** One read: the ids asked, and what the module changes in its live observations before answering. */
const read = fc.record({
  ids: fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: 4 }),
  changes: fc.array(fc.record({ id: fc.constantFrom(...IDS), t: fc.constantFrom('score', 'evict', 'restore', 'key-order', 'not-plain', 'plain-again') }), { maxLength: 4 }),
  reuseArray: fc.boolean(),
});

describe('ObservationSender and ObservationReceiver', () => {
  it('each answer is decoded as the module answered it, though it changed its live objects after', () => {
    fc.assert(
      fc.property(fc.array(read, { minLength: 1, maxLength: 20 }), (reads) => {
        // The module's own objects, one per id, answered as they are and changed in place later.
        const live = new Map<string, Record<string, unknown>>(IDS.map((id) => [id, { spanId: id, resident: { score: 0.5 }, tombstone: undefined }]));
        const out: unknown[] = [];
        const sender = new ObservationSender();
        const receiver = new ObservationReceiver();
        const pending: { ids: readonly string[]; wire: unknown; expected: unknown }[] = [];
        for (const { ids, changes, reuseArray } of reads) {
          for (const { id, t } of changes) {
            const o = live.get(id) as Record<string, unknown>;
            const resident = o['resident'];
            if (t === 'score' && typeof resident === 'object' && resident !== null && !(resident instanceof Map)) (resident as { score: number }).score += 0.1;
            else if (t === 'evict') o['resident'] = undefined;
            else if (t === 'restore') o['resident'] = { score: 0.5 };
            else if (t === 'key-order') live.set(id, Object.fromEntries(Object.entries(o).reverse()));
            else if (t === 'not-plain') o['resident'] = new Map([['score', 1]]);
            else o['resident'] = { score: 1 };
          }
          const answer = reuseArray ? out : [];
          answer.length = 0;
          for (const id of ids) answer.push(live.get(id));
          const expected = deserialize(serialize(answer));
          const wire = sender.encode(ids, answer);
          if (wire === undefined) {
            // Not plain data: it crosses as it is (copied), and nothing held changes.
            expect(ids.some((id) => live.get(id)?.['resident'] instanceof Map)).toBe(true);
            continue;
          }
          // Decoded only when the batch arrives, after every later change.
          pending.push({ ids, wire: deserialize(serialize(wire)), expected });
        }
        for (const { ids, wire, expected } of pending) expect(receiver.decode(ids, wire)).toStrictEqual(expected);
      }),
    );
  });

  it('an observation unchanged since the last of its id is not sent again', () => {
    const sender = new ObservationSender();
    const o = { spanId: 'a', resident: { score: 0.5 } };
    expect(sender.encode(['a'], [o])).toEqual({ value: [{ spanId: 'a', resident: { score: 0.5 } }], same: [] });
    expect(sender.encode(['b', 'a'], [{ spanId: 'b' }, o])).toEqual({ value: [{ spanId: 'b' }, 0], same: [1] });
    o.resident.score = 0.6;
    expect(sender.encode(['a'], [o])).toEqual({ value: [{ spanId: 'a', resident: { score: 0.6 } }], same: [] });
  });

  it('an answer out of shape is refused: an id not held, an index out of range, a length not the ids', () => {
    const receiver = new ObservationReceiver();
    expect(receiver.decode(['a'], { value: [0], same: [0] })).toBeUndefined();
    expect(receiver.decode(['a'], { value: [{}], same: [3] })).toBeUndefined();
    expect(receiver.decode(['a', 'b'], { value: [{}], same: [] })).toBeUndefined();
    expect(receiver.decode(['a'], null)).toBeUndefined();
  });
});
