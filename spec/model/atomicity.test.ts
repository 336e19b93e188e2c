import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/model/ModelError.ts';
import type { Operation } from '../../src/model/Operation.ts';
import type { ReferenceRuntime } from '../../src/model/ReferenceRuntime.ts';
import { applyAll, assertProperty, derived, episode, FREE_MARKERS, ignoringNotices, raw, snapshot, SMALL_MARKERS } from '../helpers/model.ts';
import { Driver, malformedOp, opTemplates, SIGNATURES, assertOverEpisodes } from '../helpers/modelOps.ts';

const FILE = 'spec/model/atomicity.test.ts';
const IDS = ['a', 'b', 'd', 'e', 's', 'f', 'never'];

/** A state with every kind of span and store entry in it. */
function busy(): ReferenceRuntime {
  const rt = episode(20, FREE_MARKERS);
  applyAll(
    rt,
    raw('a', 'alpha', { tokens: 4, persist: true }),
    raw('b', 'beta', { tokens: 4, score: 0.2 }),
    derived('d', 'from b', ['b'], { tokens: 2 }),
    raw('e', 'edited later', { tokens: 3, persist: true }),
    { kind: 'prune', spanId: 'e' },
    { kind: 'restore', spanId: 'e' },
    { kind: 'edit', spanId: 'e', content: 'changed' },
    { kind: 'summarize', summaryId: 's', sourceIds: ['a', 'b'], content: 'ab', tokens: 2 },
    raw('f', 'lost', { tokens: 1 }),
    { kind: 'prune', spanId: 'f', acceptLossy: true },
    { kind: 'callTool', signature: SIGNATURES[0], requestId: 'r1' },
  );
  return rt;
}

const refusals: [string, Operation][] = [
  ['content-changed', { kind: 'prune', spanId: 'e', acceptLossy: true }],
  ['not-reversible', { kind: 'prune', spanId: 'b' }],
  ['not-resident prune', { kind: 'prune', spanId: 'f', acceptLossy: true }],
  ['not-resident summarize', { kind: 'summarize', summaryId: 'x', sourceIds: ['a', 'f'], content: 'x' }],
  ['already-derived', { kind: 'summarize', summaryId: 'x', sourceIds: ['s'], content: 'x' }],
  ['not-recoverable', { kind: 'restore', spanId: 'f' }],
  ['window-full append', raw('x', 'x', { tokens: 20 })],
  ['window-full edit', { kind: 'edit', spanId: 'a', content: 'y'.repeat(80) }],
  ['window-full summary', { kind: 'summarize', summaryId: 'x', sourceIds: ['a'], content: 'x', tokens: 9 }],
];

describe('refused and malformed operations change nothing (INV-15)', () => {
  it.each(refusals)('INV-15 a refusal (%s) leaves window, stores and scores as they were', (_name, op) => {
    const rt = busy();
    const before = snapshot(rt, IDS, SIGNATURES);
    const log = rt.log.size;

    const outcome = rt.apply(op);

    expect(['rejected', 'window-full']).toContain(outcome.kind);
    expect(ignoringNotices(snapshot(rt, IDS, SIGNATURES))).toEqual(ignoringNotices(before));
    expect(rt.log.size).toBe(log + 1);
  });

  it('INV-15 a malformed operation changes nothing at all, not even the log or the step', () => {
    const rt = busy();
    const before = snapshot(rt, IDS, SIGNATURES);
    const [step, log] = [rt.step, rt.log.size];

    expect(() => rt.apply({ kind: 'summarize', summaryId: 'z', sourceIds: ['a', 'never'], content: 'z' })).toThrow(ModelError);
    expect(() => rt.apply({ kind: 'append', span: { id: 'z', kind: 'derived', content: 'z', sources: ['a', 'z'] } })).toThrow(ModelError);

    expect(snapshot(rt, IDS, SIGNATURES)).toEqual(before);
    expect(rt.isKnown('z')).toBe(false);
    expect(rt.lookup('z').kind).toBe('absent');
    expect([rt.step, rt.log.size]).toEqual([step, log]);
  });

  it('INV-15 under random operation sequences, every refusal changes nothing but its own rejection notice', () => {
    assertOverEpisodes(FILE, (driver) => {
      return (template) => {
        const op = driver.resolve(template);
        const ids = driver.ids();
        const before = snapshot(driver.rt, ids, SIGNATURES);
        const outcome = driver.apply(op);
        if (outcome instanceof ModelError) {
          expect(snapshot(driver.rt, ids, SIGNATURES)).toEqual(before);
        } else if (outcome.kind === 'rejected' || outcome.kind === 'window-full') {
          const after = snapshot(driver.rt, ids, SIGNATURES);
          expect(ignoringNotices(after)).toEqual(ignoringNotices(before));
          for (const id of ids) if (id !== outcome.spanId) expect(after.spans[id]?.observed.index).toEqual(before.spans[id]?.observed.index);
        }
      };
    });
  });

  it('INV-15 malformed operations thrown into any state change nothing, and the episode goes on', () => {
    assertProperty(
      FILE,
      fc.property(opTemplates, malformedOp, (templates, bad) => {
        const driver = new Driver(episode(24, SMALL_MARKERS));
        for (const template of templates) driver.apply(driver.resolve(template));
        const ids = driver.ids();
        const before = { state: snapshot(driver.rt, ids, SIGNATURES), step: driver.rt.step, log: driver.rt.log.size };

        expect(driver.apply(driver.resolve(bad))).toBeInstanceOf(ModelError);

        expect({ state: snapshot(driver.rt, ids, SIGNATURES), step: driver.rt.step, log: driver.rt.log.size }).toEqual(before);
        expect(driver.rt.apply({ kind: 'lookup', spanId: 'never-seen' }).kind).toBe('absent');
      }),
      100,
    );
  });
});
