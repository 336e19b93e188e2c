import fc from 'fast-check';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { decodeEntries, decodedAnswer } from '../../../src/adapters/supervise/decodeEntries.ts';
import { ObservationReceiver } from '../../../src/adapters/supervise/ObservationReceiver.ts';
import { ObservationSender } from '../../../src/adapters/supervise/ObservationSender.ts';
import type { PlannedStep } from '../../../src/adapters/supervise/StepPlanner.ts';
import type { WireBatchEntry } from '../../../src/adapters/supervise/wire.ts';

// The engine's side of a batch: each step's observations rebuilt from what the child sent as what changed, and
// everything else it answered taken as it came (issue 25's boundary; issue 26's cost per step).

const IDS = ['a', 'b', 'c'];
const ids = fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: 3 });
const observation = (id: string, score: number) => ({ spanId: id, resident: score < 0 ? undefined : { score }, tombstone: undefined });

/** One step as the module answered it: the observations before and after, and a recheck's reads after it, or none. */
const stepArb = fc.record({
  before: ids,
  after: ids,
  scores: fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 9, maxLength: 9 }),
  recheck: fc.option(ids, { nil: undefined }),
  outcome: fc.constantFrom({ kind: 'evicted', spanId: 'a' }, { kind: 'rejected', spanId: 'b', reason: 'no-backing' }),
  request: fc.option(fc.constant({ ok: true as const, value: { signature: 's', status: 'sent' } }), { nil: undefined }),
});

describe('decodeEntries', () => {
  it('round trip: every observation comes back as the module answered it, and the rest as the child sent it', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 12 }), (run) => {
        const sender = new ObservationSender();
        const sent = (list: readonly string[], answer: unknown) => {
          const encoded = sender.encode(list, answer);
          if (encoded === undefined) throw new Error('a plain answer, one per id, is always encoded');
          return encoded;
        };
        const planned: PlannedStep[] = [];
        const wire: WireBatchEntry[] = [];
        const expected: { before: unknown; after: unknown; observed: unknown }[] = [];
        for (const s of run) {
          const answer = (list: readonly string[], from: number) => list.map((id, i) => observation(id, s.scores[from + i] as number));
          const before = answer(s.before, 0);
          const after = answer(s.after, 3);
          const rechecked = s.recheck === undefined ? undefined : answer(s.recheck, 6);
          expected.push(structuredClone({ before, after, observed: rechecked }));
          planned.push({ before: s.before, op: { kind: 'lookup', spanId: 'a' }, after: [] } as unknown as PlannedStep);
          const step = { beforeSent: sent(s.before, before), outcome: s.outcome, afterIds: s.after, afterSent: sent(s.after, after), ...(s.request === undefined ? {} : { request: s.request }) };
          const recheck = rechecked === undefined ? undefined : { ids: s.recheck as string[], observed: { ok: true as const, value: [] }, observedSent: sent(s.recheck as string[], rechecked), requests: [] };
          wire.push(recheck === undefined ? { step } : { step, recheck });
        }
        const decoded = decodeEntries(new ObservationReceiver(), planned, deserialize(serialize(wire)) as WireBatchEntry[]);
        expect(decoded).toBeDefined();
        for (const [i, entry] of (decoded ?? []).entries()) {
          const s = run[i] as (typeof run)[number];
          expect(entry.step?.before).toStrictEqual(expected[i]?.before);
          expect(entry.step?.after).toStrictEqual({ ok: true, value: expected[i]?.after });
          expect(entry.step?.outcome).toStrictEqual(s.outcome);
          expect(entry.step?.afterIds).toStrictEqual(s.after);
          expect(entry.step?.request).toStrictEqual(s.request);
          expect(entry.recheck?.observed).toStrictEqual(s.recheck === undefined ? undefined : { ok: true, value: expected[i]?.observed });
          // One shape for every decoded step, and nothing of the sent form left in it.
          expect(Object.keys(entry.step ?? {})).toStrictEqual(['before', 'outcome', 'thrown', 'afterIds', 'after', 'request']);
          expect(Object.keys(entry)).toStrictEqual(['step', 'failed', 'recheck', 'closed']);
        }
      }),
    );
  });

  it('an entry out of shape fails the whole batch: an observation not held, after-ids that are no list', () => {
    const planned = [{ before: ['a'], op: { kind: 'lookup', spanId: 'a' }, after: [] } as unknown as PlannedStep];
    expect(decodeEntries(new ObservationReceiver(), planned, [{ step: { beforeSent: { value: [0], same: [0] } } }])).toBeUndefined();
    expect(decodeEntries(new ObservationReceiver(), planned, [{ step: { before: [], afterIds: 'a' as never, afterSent: { value: [{}], same: [] } } }])).toBeUndefined();
    expect(decodeEntries(new ObservationReceiver(), planned, [{ step: { before: [] }, recheck: { ids: 'a' as never, observed: { ok: true, value: [] }, observedSent: { value: [{}], same: [] }, requests: [] } }])).toBeUndefined();
  });

  it('what was not sent as what changed is taken as it came: a failed step, a close, a step answered on its own', () => {
    const failed = { kind: 'error' as const, name: 'Error', message: 'boom' };
    const [entry] = decodeEntries(new ObservationReceiver(), [], [{ failed }]) ?? [];
    expect(entry).toStrictEqual({ step: undefined, failed, recheck: undefined, closed: undefined });
    const closed = { ok: true as const, value: undefined };
    const planned = [{ before: [], op: { kind: 'lookup', spanId: 'a' }, after: [] } as unknown as PlannedStep];
    expect(decodeEntries(new ObservationReceiver(), planned, [{ step: { before: [], outcome: { kind: 'x' } }, closed }])?.[0]?.closed).toBe(closed);
    const alone = decodedAnswer({ before: [{ spanId: 'a' }], outcome: { kind: 'x' }, afterIds: ['a'], after: { ok: true, value: [] } });
    expect(alone.step).toStrictEqual({ before: [{ spanId: 'a' }], outcome: { kind: 'x' }, thrown: undefined, afterIds: ['a'], after: { ok: true, value: [] }, request: undefined });
  });
});
