import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/model/Span.ts';
import { Window } from '../../src/model/Window.ts';

function span(id: string, tokens: number): Span {
  return { id, kind: 'raw', rawKind: 'other', content: id, tokens, score: 0.5, floored: false, sources: [], derivationFrame: undefined, provenance: undefined, tokenRange: [0, tokens], appendedAt: 0, digestCache: undefined };
}

describe('Window', () => {
  it('accounts resident tokens against the capacity', () => {
    const window = new Window(10);
    window.insert(span('a', 4));
    window.insert(span('b', 6));

    expect([window.used, window.size, window.capacity, window.fits(0), window.fits(1)]).toEqual([10, 2, 10, true, false]);
    window.remove('a');
    expect([window.used, window.size, window.has('a'), window.get('a'), window.get('b')?.id]).toEqual([6, 1, false, undefined, 'b']);
  });

  it('ignores the removal of an id that is not resident', () => {
    const window = new Window(5);
    window.insert(span('a', 2));

    window.remove('ghost');

    expect([window.used, window.size]).toEqual([2, 1]);
  });

  it('adjusts accounting by a resize delta, both ways', () => {
    const window = new Window(5);
    window.insert(span('a', 2));

    window.resize(3);
    expect(window.used).toBe(5);
    window.resize(-4);
    expect(window.used).toBe(1);
  });

  it('keeps insertion order, a re-inserted span going to the tail', () => {
    const window = new Window(50);
    for (const id of ['a', 'b', 'c']) window.insert(span(id, 1));

    window.remove('a');
    window.insert(span('a', 1));

    expect([...window.spans()].map((s) => s.id)).toEqual(['b', 'c', 'a']);
  });

  it('keeps one index entry per id, the latest, and clears it when the span re-enters', () => {
    const window = new Window(5);
    window.mark({ kind: 'lossy', spanId: 'a', text: 'a: pruned, unrecoverable, contents unknown' });
    window.mark({ kind: 'handle', spanId: 'a', handle: 'bs://a#1' });
    window.mark({ kind: 'derivable', spanId: 'b', sources: ['c'] });

    expect([window.indexSize, window.indexEntry('a')]).toEqual([2, { kind: 'handle', spanId: 'a', handle: 'bs://a#1' }]);
    window.insert(span('a', 1));
    expect([window.indexSize, window.indexEntry('a'), window.indexEntry('b')?.kind]).toEqual([1, undefined, 'derivable']);
  });
});
