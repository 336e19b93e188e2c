import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAP_POINTER } from '../../src/model/ReferenceRuntime.ts';
import { applyAll, applyExpect, assertProperty, episode, raw, snapshot } from '../helpers/model.ts';
import { Driver, opTemplates } from '../helpers/modelOps.ts';

/** Crowding sequences: small spans, many evictions and refusals, so markers outgrow the spans they replace. */
const ref = fc.nat({ max: 1_000 }).map((n) => `#${n}`);
const crowding = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('append'), span: fc.record({ id: fc.constant('@'), kind: fc.constant('raw'), content: fc.constantFrom('ok', 'E_TIMEOUT req-1'), tokens: fc.integer({ min: 1, max: 4 }), persist: fc.boolean() }) }) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('prune'), spanId: ref, acceptLossy: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore'), spanId: ref }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('compact'), threshold: fc.constant(1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit'), spanId: ref, content: fc.constantFrom('x', 'a longer revision of it') }) },
  ),
  { minLength: 20, maxLength: 60 },
);

const FILE = 'spec/model/markers.test.ts';

/** A window of `capacity` tokens whose index entries cost `markerTokens` each. */
const windowOf = (capacity: number, markerTokens = 15) => episode(capacity, { markerTokens });

describe('in-window markers cost tokens (INV-29, D-22, D-26)', () => {
  it('INV-29 an empty index keeps one marker\'s room: an append must leave it free', () => {
    const rt = windowOf(100);
    expect(rt.window.used).toBe(15);

    applyExpect(rt, raw('a', 'alpha', { tokens: 85 }), 'appended');
    expect(applyExpect(rt, raw('b', 'beta', { tokens: 1 }), 'window-full')).toEqual({ kind: 'window-full', spanId: 'b', needed: 1, used: 100, capacity: 100 });
  });

  it('INV-29 every marker and notice the window shows costs markerTokens; the first fills the kept room', () => {
    const rt = windowOf(200, 10);
    applyAll(rt, raw('a', 'alpha', { tokens: 20, persist: true }), raw('b', 'beta', { tokens: 20 }), raw('c', 'gamma', { tokens: 20 }));
    expect(rt.window.used).toBe(70);

    applyExpect(rt, { kind: 'prune', spanId: 'a' }, 'evicted');
    expect([rt.window.used, rt.window.indexTokens]).toEqual([50, 10]);
    applyExpect(rt, { kind: 'prune', spanId: 'b' }, 'rejected');
    expect([rt.window.used, rt.window.indexTokens]).toEqual([60, 20]);
    applyExpect(rt, { kind: 'prune', spanId: 'b', acceptLossy: true }, 'evicted');
    // b's lossy marker replaces its notice: one entry per id.
    expect([rt.window.used, rt.window.indexTokens, rt.observe('b').index?.kind]).toEqual([40, 20, 'lossy']);
  });

  it('INV-29 a marker that would overfill the window folds the oldest entries into one gap marker, still resolvable', () => {
    // 60 tokens, 10 per line: three spans of 10 and their markers fill it exactly; the fourth marker crowds it.
    const rt = windowOf(60, 10);
    applyAll(rt, ...['a', 'b', 'c', 'd'].map((id) => raw(id, `${id} output`, { tokens: 10, persist: true })));
    expect(rt.window.used).toBe(50);
    applyAll(rt, { kind: 'prune', spanId: 'a' }, { kind: 'prune', spanId: 'b' }, { kind: 'prune', spanId: 'c' });
    expect([rt.window.used, rt.window.gapSize, rt.folded]).toEqual([40, 0, []]);
    applyExpect(rt, raw('e', 'e output', { tokens: 10, persist: true }), 'appended');
    expect(rt.window.used).toBe(50);
    applyExpect(rt, raw('f', 'f output', { tokens: 10 }), 'appended');
    expect(rt.window.used).toBe(60);

    // f's notice would make 70: a (oldest) is folded into a new gap marker (no saving yet), then b.
    applyExpect(rt, { kind: 'prune', spanId: 'f' }, 'rejected');
    expect([rt.window.used, rt.window.gapSize, rt.folded]).toEqual([60, 2, ['a', 'b']]);
    expect(rt.observe('a')).toMatchObject({ index: { kind: 'handle', spanId: 'a' }, gap: GAP_POINTER });
    expect(rt.observe('c')).not.toHaveProperty('gap');
    expect(rt.observe('f').index).toMatchObject({ kind: 'rejected', reason: 'not-reversible' });
    // Folding changes what the window shows, never what is known: a and b are as recoverable as before.
    expect(rt.lookup('a')).toMatchObject({ kind: 'recoverable', content: 'a output' });
    expect(applyExpect(rt, { kind: 'restore', spanId: 'b' }, 'window-full')).toMatchObject({ needed: 10, used: 60 });
  });

  it('INV-29 folding is oldest written first: a rewritten entry is the newest', () => {
    const rt = windowOf(40, 10);
    applyAll(rt, raw('a', 'a', { tokens: 10, persist: true }), raw('b', 'b', { tokens: 10 }), raw('c', 'c', { tokens: 10 }));
    applyAll(rt, { kind: 'prune', spanId: 'b' }, { kind: 'prune', spanId: 'a' });
    expect(rt.window.used).toBe(40);
    // b's notice is rewritten (newest now), so a's marker is the oldest line when c's notice crowds the window
    // (without the rewrite, b's would be folded first).
    applyExpect(rt, { kind: 'prune', spanId: 'b' }, 'rejected');
    applyExpect(rt, { kind: 'prune', spanId: 'c' }, 'rejected');
    expect(rt.folded).toEqual(['a', 'b']);
  });

  it('INV-29 a restore fits when the span in and its own marker out fit; it leaves the gap record', () => {
    const rt = windowOf(60, 10);
    applyAll(rt, raw('a', 'a out', { tokens: 10, persist: true }), raw('b', 'b out', { tokens: 10, persist: true }), raw('c', 'c out', { tokens: 20, persist: true }));
    applyAll(rt, { kind: 'prune', spanId: 'a' }, { kind: 'prune', spanId: 'b' }, raw('d', 'd out', { tokens: 20 }));
    expect(rt.window.used).toBe(60);

    // a back in (10) and its line out (10): exactly full, no room needed beyond it.
    applyExpect(rt, { kind: 'restore', spanId: 'a' }, 'restored');
    expect([rt.window.used, rt.observe('a').index]).toEqual([60, undefined]);
  });

  it('INV-29 markerTokens outside 0 … capacity - 1 is a bad config, named with how to fix it', () => {
    expect(() => windowOf(10, 10)).toThrow(/markerTokens must be an integer of tokens from 0 to capacity - 1/);
    expect(() => windowOf(10, -1)).toThrow(/BAD_CONFIG|markerTokens/);
    expect(() => windowOf(100, 1.5)).toThrow(/markerTokens/);
  });

  it('INV-29 under random operation sequences, used is spans plus the index, never past capacity, and every evicted span keeps its entry', () => {
    let folding = 0;
    assertProperty(
      FILE,
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 6, max: 30 }), fc.oneof(opTemplates, crowding), (markerTokens, room, templates) => {
        const capacity = markerTokens + room;
        const driver = new Driver(episode(capacity, { markerTokens }));
        for (const template of templates) {
          const before = driver.rt.window.used;
          const op = driver.resolve(template);
          const outcome = driver.apply(op);
          const { window } = driver.rt;
          const spans = [...window.spans()].reduce((total, span) => total + span.tokens, 0);
          expect(window.used).toBe(spans + window.indexTokens);
          expect(window.used).toBeLessThanOrEqual(capacity);
          if ('kind' in outcome && outcome.kind === 'window-full') expect(outcome.used).toBe(before);
          for (const span of driver.rt.knownSpans()) {
            if (!window.has(span.id) && driver.rt.tombstones.get(span.id) !== undefined) expect(window.indexEntry(span.id)?.kind).toMatch(/^(handle|derivable|lossy)$/);
          }
          expect(snapshot(driver.rt, []).used).toBe(window.used);
          if (driver.rt.folded.length > 0) folding += 1;
        }
      }),
    );
    // The property is about crowded windows: enough sequences must have folded markers for it to mean anything.
    expect(folding).toBeGreaterThan(50);
  });
});
