import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EpisodeState } from '../../../src/gen/runtime/EpisodeState.ts';
import { configArbitrary } from '../../../src/gen/runtime/episodeArbitraries.ts';
import { resolveTemplate } from '../../../src/gen/runtime/resolveTemplate.ts';
import { templateArbitrary } from '../../../src/gen/runtime/templateArbitrary.ts';
import { OPERATION_KINDS } from '../../../src/model/Operation.ts';
import type { Span } from '../../../src/model/Span.ts';
import { Window } from '../../../src/model/Window.ts';

/** The pools as they were computed before they were cached: every created id, filtered afresh. */
function fromScratch(state: EpisodeState): { resident: string[]; evicted: string[]; derivable: string[] } {
  const { window, tombstones } = state.reference;
  const evicted = state.ids.filter((id) => !window.has(id));
  return {
    resident: state.ids.filter((id) => window.has(id)),
    evicted,
    derivable: evicted.filter((id) => tombstones.get(id)?.mode === 'derivable'),
  };
}

const pools = (state: EpisodeState) => ({ resident: [...state.resident()], evicted: [...state.evicted()], derivable: [...state.derivableTombstones()] });

function span(id: string, tokens: number): Span {
  return { id, kind: 'raw', rawKind: 'other', content: id, tokens, score: 0.5, floored: false, sources: [], derivationFrame: undefined, provenance: undefined, tokenRange: [0, tokens], appendedAt: 0, digestCache: undefined };
}

describe('EpisodeState pools (cached on Window.changes)', () => {
  it('equal the pools computed from scratch after any sequence of operations, read at any moment of a step', () => {
    fc.assert(
      fc.property(configArbitrary, fc.array(fc.tuple(templateArbitrary(OPERATION_KINDS), fc.boolean(), fc.boolean()), { maxLength: 80 }), (config, steps) => {
        const state = new EpisodeState(config);
        for (const [template, readBefore, readBetween] of steps) {
          // Reading (or not) at each moment decides which reads hit the cache and which recompute it.
          if (readBefore) expect(pools(state)).toEqual(fromScratch(state));
          const op = resolveTemplate(template, state);
          if (op === undefined) continue;
          const outcome = state.reference.apply(op);
          // The window changed, the ids not yet (`note` adds them): the pools follow the window at once.
          if (readBetween) expect(pools(state)).toEqual(fromScratch(state));
          state.note(op, outcome);
          expect(pools(state)).toEqual(fromScratch(state));
        }
      }),
      { numRuns: 200, seed: 2612 },
    );
  });

  it('are reused by a step that changes nothing, and recomputed after a step that does', () => {
    const state = new EpisodeState({ capacity: 400 });
    for (const id of ['s1', 's2', 's3']) {
      const op = { kind: 'append', span: { id, kind: 'raw', content: `content of ${id}` } } as const;
      state.note(op, state.reference.apply(op));
    }
    const resident = state.resident();
    expect(resident).toEqual(['s1', 's2', 's3']);

    const lookup = { kind: 'lookup', spanId: 's2' } as const;
    state.note(lookup, state.reference.apply(lookup));
    expect(state.resident()).toBe(resident);

    const prune = { kind: 'prune', spanId: 's2', acceptLossy: true } as const;
    state.note(prune, state.reference.apply(prune));
    expect([state.resident(), state.evicted()]).toEqual([['s1', 's3'], ['s2']]);
    expect(state.resident()).not.toBe(resident);
  });
});

describe('Window.changes', () => {
  it('counts every mutation: insert, remove, removeSpan, resize, an index write', () => {
    const window = new Window(100, 1);
    const a = span('a', 2);
    const seen = [window.changes];
    const after = (mutate: () => void) => {
      mutate();
      seen.push(window.changes);
    };

    after(() => window.insert(a));
    after(() => window.insert(span('b', 2)));
    after(() => window.resize(1));
    after(() => window.mark({ kind: 'lossy', spanId: 'x', text: 'x: pruned' }));
    after(() => window.remove('b'));
    after(() => window.removeSpan(a));

    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThan(seen[i - 1] as number);
  });

  it('does not move on reads, or on a removal that removes nothing', () => {
    const window = new Window(100, 1);
    const a = span('a', 2);
    window.insert(a);
    window.mark({ kind: 'lossy', spanId: 'x', text: 'x: pruned' });
    const before = window.changes;

    window.remove('ghost');
    window.has('a');
    window.get('a');
    window.indexEntry('x');
    [...window.spans()];
    window.takeFolded();
    window.removeSpan(a);
    window.removeSpan(a);

    expect(window.changes).toBe(before + 1);
  });

  it('invalidates the pools at each mutating operation of the reference', () => {
    const state = new EpisodeState({ capacity: 60, markerTokens: 1 });
    const steps = [
      { kind: 'append', span: { id: 's1', kind: 'raw', content: 'first', persist: true } },
      { kind: 'append', span: { id: 's2', kind: 'raw', content: 'second' } },
      { kind: 'prune', spanId: 's1' },
      { kind: 'restore', spanId: 's1' },
      { kind: 'edit', spanId: 's2', content: 'second, much longer than it was' },
      { kind: 'summarize', summaryId: 'sum1', sourceIds: ['s1', 's2'], content: 'gist' },
      { kind: 'append', span: { id: 's3', kind: 'raw', content: 'third', persist: true } },
      { kind: 'compact', threshold: 1 },
    ] as const;
    for (const op of steps) {
      const before = state.reference.window.changes;
      const resident = state.resident();
      const outcome = state.reference.apply(op);
      expect({ op: op.kind, changed: state.reference.window.changes > before }).toEqual({ op: op.kind, changed: true });
      expect(state.resident()).not.toBe(resident);
      state.note(op, outcome);
      expect(pools(state)).toEqual(fromScratch(state));
    }
  });
});
