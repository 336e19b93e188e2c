import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAll, applyExpect, assertProperty, episode, FREE_MARKERS, raw, SMALL_MARKERS, snapshot } from '../helpers/model.ts';
import { Driver, opTemplates } from '../helpers/modelOps.ts';

const FILE = 'spec/model/capacity.test.ts';

describe('window full (INV-13)', () => {
  it('INV-13 an append that fits exactly is admitted; one more token is window-full and changes nothing', () => {
    const rt = episode(10, FREE_MARKERS);
    applyAll(rt, raw('a', 'alpha', { tokens: 6 }), raw('b', 'beta', { tokens: 4 }));
    expect(rt.window.used).toBe(10);
    const before = snapshot(rt, ['a', 'b', 'c']);

    const full = applyExpect(rt, raw('c', 'gamma', { tokens: 1 }), 'window-full');

    expect(full).toEqual({ kind: 'window-full', spanId: 'c', needed: 1, used: 10, capacity: 10 });
    expect(snapshot(rt, ['a', 'b', 'c'])).toEqual(before);
    expect(rt.isKnown('c')).toBe(false);
  });

  it('INV-13 an append larger than the whole window is window-full, never a crash', () => {
    const rt = episode(3, FREE_MARKERS);

    expect(rt.apply(raw('huge', 'x'.repeat(41)))).toEqual({ kind: 'window-full', spanId: 'huge', needed: 11, used: 0, capacity: 3 });
    expect(rt.window.size).toBe(0);
  });

  it('INV-13 the caller may free space by accepting loss, then retry', () => {
    const rt = episode(8, FREE_MARKERS);
    applyAll(rt, raw('old', 'old output', { tokens: 5 }), raw('id', 'ORD-1', { tokens: 3 }));
    applyExpect(rt, raw('new', 'new output', { tokens: 4 }), 'window-full');

    applyExpect(rt, { kind: 'prune', spanId: 'old', acceptLossy: true }, 'evicted');

    expect(applyExpect(rt, raw('new', 'new output', { tokens: 4 }), 'appended').spanId).toBe('new');
    expect(rt.window.used).toBe(7);
    expect(rt.window.has('id')).toBe(true);
  });

  it('INV-13 an edit that would overflow is window-full and keeps the old content; a shrinking edit frees tokens', () => {
    const rt = episode(5, FREE_MARKERS);
    applyAll(rt, raw('a', 'abcd'), raw('b', 'abcdefgh'));
    expect(rt.window.used).toBe(3);

    expect(rt.apply({ kind: 'edit', spanId: 'a', content: 'x'.repeat(13) })).toEqual({ kind: 'window-full', spanId: 'a', needed: 3, used: 3, capacity: 5 });
    expect(rt.observe('a').resident).toMatchObject({ content: 'abcd', tokens: 1 });

    expect(applyExpect(rt, { kind: 'edit', spanId: 'b', content: 'ab' }, 'edited')).toEqual({ kind: 'edited', spanId: 'b', tokens: 1 });
    expect(rt.window.used).toBe(2);
  });

  it('INV-13 a summary that would overflow is window-full and is not written', () => {
    const rt = episode(6, FREE_MARKERS);
    rt.apply(raw('a', 'alpha', { tokens: 5 }));

    expect(rt.apply({ kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'sum', tokens: 2 })).toEqual({ kind: 'window-full', spanId: 's', needed: 2, used: 5, capacity: 6 });
    expect(rt.isKnown('s')).toBe(false);
    expect(rt.observe('a').index).toBeUndefined();
  });

  it('INV-13 a restore that would overflow is window-full; the span stays recoverable and its marker stays', () => {
    const rt = episode(6, FREE_MARKERS);
    applyAll(rt, raw('a', 'alpha', { tokens: 4, persist: true }), { kind: 'prune', spanId: 'a' }, raw('b', 'beta', { tokens: 3 }));
    const before = snapshot(rt, ['a', 'b']);

    expect(rt.apply({ kind: 'restore', spanId: 'a' })).toEqual({ kind: 'window-full', spanId: 'a', needed: 4, used: 3, capacity: 6 });
    expect(snapshot(rt, ['a', 'b'])).toEqual(before);
    expect(rt.lookup('a')).toMatchObject({ kind: 'recoverable', content: 'alpha' });
  });

  it('INV-13 under random operation sequences, used never exceeds capacity and is the resident tokens plus the index', () => {
    assertProperty(
      FILE,
      fc.property(fc.integer({ min: 4, max: 30 }), opTemplates, (capacity, templates) => {
        const driver = new Driver(episode(capacity, SMALL_MARKERS));
        for (const template of templates) {
          const outcome = driver.apply(driver.resolve(template));
          if ('kind' in outcome && outcome.kind === 'window-full') expect(outcome.used + outcome.needed).toBeGreaterThan(capacity);
          const sum = [...driver.rt.window.spans()].reduce((total, span) => total + span.tokens, 0);
          expect(driver.rt.window.used).toBe(sum + driver.rt.window.indexTokens);
          expect(driver.rt.window.used).toBeLessThanOrEqual(capacity);
        }
      }),
    );
  });
});
