import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RingChoices } from '../../../src/gen/runtime/RingChoices.ts';
import { complexityOf, simplerTraces } from '../../../src/gen/runtime/simplifications.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import { derived, raw } from '../../helpers/model.ts';

describe('simpler traces (issue 11: shrinking to the minimum)', () => {
  const trace: Operation[] = [raw('a', 'alpha', { persist: true }), derived('d', 'from a', ['a'], { persist: true }), { kind: 'compact', threshold: 1 }, { kind: 'reframe', frame: 'f', scores: { a: 0.1 } }, { kind: 'lookup', spanId: 'd' }];
  const answers = [{ kind: 'appended' }, { kind: 'appended' }, { kind: 'compacted', evicted: [{ spanId: 'd', mode: 'derivable' }], refused: ['a'] }, { kind: 'reframed' }, { kind: 'tombstoned' }];
  const candidates = simplerTraces(trace, answers);

  it('offers every one-step deletion, then steps made simpler, then an eviction made a plain loss', () => {
    for (let i = 0; i < trace.length; i += 1) expect(candidates).toContainEqual(trace.filter((_, j) => j !== i));
    expect(candidates).toContainEqual([trace[0], trace[1], { kind: 'prune', spanId: 'd', acceptLossy: true }, trace[3], trace[4]]);
    expect(candidates).toContainEqual([raw('a', 'alpha'), ...trace.slice(1)]);
    expect(candidates).toContainEqual([trace[0], raw('d', 'from a', { persist: true, rawKind: 'other' }), ...trace.slice(2)]);
    expect(candidates).toContainEqual([...trace.slice(0, 3), { kind: 'reframe', frame: 'f' }, trace[4]]);
    expect(candidates).toContainEqual([trace[0], raw('d', 'from a', { rawKind: 'other' }), { kind: 'prune', spanId: 'd', acceptLossy: true }, trace[3], trace[4]]);
  });

  it('every candidate is no longer and simpler: shrinking by them ends', () => {
    for (const candidate of candidates) {
      expect(candidate.length).toBeLessThanOrEqual(trace.length);
      if (candidate.length === trace.length) expect(complexityOf(candidate)).toBeLessThan(complexityOf(trace));
    }
  });
});

describe('simpler traces for refusals and crowded windows', () => {
  const trace: Operation[] = [raw('a', 'alpha', { tokens: 4 }), raw('b', 'beta', { tokens: 5 }), derived('d', 'from a', ['a'], { tokens: 4 }), { kind: 'reframe', frame: 'f' }, { kind: 'prune', spanId: 'd', acceptLossy: true }, { kind: 'prune', spanId: 'b' }];
  const answers = [{ kind: 'appended' }, { kind: 'appended' }, { kind: 'appended' }, { kind: 'reframed' }, { kind: 'rejected', spanId: 'd', reason: 'floored' }, { kind: 'rejected', spanId: 'b', reason: 'not-reversible' }];
  const candidates = simplerTraces(trace, answers);

  it('a refusal made plain: the refused span raw with no copy, the step a prune that does not accept loss; a plain one stays', () => {
    expect(candidates).toContainEqual([trace[0], trace[1], raw('d', 'from a', { tokens: 4, rawKind: 'other' }), trace[3], { kind: 'prune', spanId: 'd' }, trace[5]]);
    expect(candidates).not.toContainEqual(trace);
  });

  it('two raw spans made one: the later deleted, its tokens added to the earlier, later steps naming it renamed', () => {
    expect(candidates).toContainEqual([raw('a', 'alpha', { tokens: 9 }), derived('d', 'from a', ['a'], { tokens: 4 }), trace[3], trace[4], { kind: 'prune', spanId: 'a' }]);
  });

  it('every candidate is no longer and simpler', () => {
    for (const candidate of candidates) {
      expect(candidate.length).toBeLessThanOrEqual(trace.length);
      if (candidate.length === trace.length) expect(complexityOf(candidate)).toBeLessThan(complexityOf(trace));
    }
  });
});

describe('simpler traces for copies, edits, summaries and crowded indexes (issue 22: within the minimum + 1)', () => {
  const trace: Operation[] = [
    raw('a', 'alpha', { tokens: 6 }),
    { kind: 'persist', spanId: 'a' },
    raw('b', 'beta', { tokens: 2, persist: true }),
    { kind: 'edit', spanId: 'b', content: 'beta, revised' },
    { kind: 'summarize', summaryId: 'sa', sourceIds: ['a'], content: 'gist of a', tokens: 3, score: 0.2 },
    { kind: 'summarize', summaryId: 'ssa', sourceIds: ['sa'], content: 'gist of sa', tokens: 1 },
  ];
  const answers = [{ kind: 'appended' }, { kind: 'persisted' }, { kind: 'appended' }, { kind: 'edited', spanId: 'b', tokens: 4 }, { kind: 'summarized' }, { kind: 'rejected', spanId: 'sa', reason: 'already-derived' }];
  const candidates = simplerTraces(trace, answers, { markerTokens: 3 });
  const plainSa: Operation = raw('sa', 'gist of a', { tokens: 3, score: 0.2, rawKind: 'other' });

  it('a later copy folded into the append, one step fewer', () => {
    expect(candidates).toContainEqual([raw('a', 'alpha', { tokens: 6, persist: true }), ...trace.slice(2)]);
  });

  it('an edit folded into the append, with the tokens the system answered for the edited content', () => {
    expect(candidates).toContainEqual([trace[0], trace[1], raw('b', 'beta, revised', { tokens: 4, persist: true }), trace[4], trace[5]]);
  });

  it('a summary made a raw span of its own; a refused summary of a summary made a plain refused prune of it', () => {
    expect(candidates).toContainEqual([...trace.slice(0, 4), plainSa, trace[5]]);
    expect(candidates).toContainEqual([...trace.slice(0, 4), plainSa, { kind: 'prune', spanId: 'sa' }]);
  });

  it('two raw spans merged with each amount up to one index line of tokens more, and no more', () => {
    const merged = (tokens: number): Operation[] => [raw('a', 'alpha', { tokens }), { kind: 'persist', spanId: 'a' }, { kind: 'edit', spanId: 'a', content: 'beta, revised' }, ...trace.slice(4)];
    for (const tokens of [8, 9, 10, 11]) expect(candidates).toContainEqual(merged(tokens));
    expect(candidates).not.toContainEqual(merged(12));
    expect(simplerTraces(trace, answers)).not.toContainEqual(merged(9));
  });

  it('every candidate is no longer and simpler', () => {
    for (const candidate of candidates) {
      expect(candidate.length).toBeLessThanOrEqual(trace.length);
      if (candidate.length === trace.length) expect(complexityOf(candidate)).toBeLessThan(complexityOf(trace));
    }
  });
});

describe('choices pinned to what they chose (targets by stable identity)', () => {
  const names = new Map([['s5', 5], ['s50', 50], ['s500', 500]]);
  const place = (id: string) => names.get(id) ?? 0;

  it('a pick chooses the first name at or after it; run again with its pins, the same span though a nearer one joined', () => {
    const ring = new RingChoices();
    ring.begin();
    expect(ring.choose(['s5', 's500'], place, 40)).toBe('s500');
    const pins = ring.end();
    ring.begin(pins);
    expect(ring.choose(['s5', 's50', 's500'], place, 40)).toBe('s500');
    ring.begin();
    expect(ring.choose(['s5', 's50', 's500'], place, 40)).toBe('s50');
  });

  it('a pinned target that is gone gives way to the next one along, never to a position', () => {
    fc.assert(
      fc.property(fc.nat({ max: 999 }), (pick) => {
        const ring = new RingChoices();
        ring.begin();
        const first = ring.choose(['s5', 's50', 's500'], place, pick) as string;
        const pins = ring.end();
        ring.begin(pins);
        const rest = ['s5', 's50', 's500'].filter((id) => id !== first);
        const again = ring.choose(rest, place, pick) as string;
        const after = (id: string) => (place(id) - place(first) + 1000) % 1000;
        expect(rest.every((id) => after(again) <= after(id))).toBe(true);
      }),
      { seed: 11 },
    );
  });
});
