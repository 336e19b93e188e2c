import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/model/ModelError.ts';
import { applyAll, applyExpect, derived, episode, ignoringNotices, raw, snapshot } from '../helpers/model.ts';
import { assertOverEpisodes } from '../helpers/modelOps.ts';

const FILE = 'spec/model/summaries.test.ts';

describe('summaries carry provenance (INV-05)', () => {
  it('INV-05 a summary carries a provenance marker with versions and step, and its direct sources', () => {
    const rt = episode(100, { modelVersion: 'sum-model-4', policyVersion: 'p-2' });
    applyAll(rt, raw('t1', 'GET /a 429'), raw('t2', 'GET /a 200'));

    const summarized = applyExpect(rt, { kind: 'summarize', summaryId: 's', sourceIds: ['t1', 't2'], content: 'backed off once', tokens: 3, score: 0.4 }, 'summarized');

    expect(summarized).toEqual({ kind: 'summarized', summaryId: 's', sourceIds: ['t1', 't2'] });
    expect(rt.observe('s').resident).toEqual({
      id: 's',
      kind: 'summary',
      content: 'backed off once',
      tokens: 3,
      score: 0.4,
      floored: false,
      sources: ['t1', 't2'],
      provenance: { derived: true, modelVersion: 'sum-model-4', policyVersion: 'p-2', step: 3 },
    });
  });

  it('INV-05 refuses to summarize a summary without escalation, and writes nothing', () => {
    const rt = episode();
    applyAll(rt, raw('t', 'tool output'), { kind: 'summarize', summaryId: 's1', sourceIds: ['t'], content: 'first' });
    const before = snapshot(rt, ['t', 's1']);

    const rejected = applyExpect(rt, { kind: 'summarize', summaryId: 's2', sourceIds: ['t', 's1'], content: 'laundered' }, 'rejected');

    expect(rejected).toEqual({ kind: 'rejected', spanId: 's1', reason: 'already-derived' });
    expect(rt.isKnown('s2')).toBe(false);
    expect(rt.lookup('s2')).toEqual({ kind: 'absent', spanId: 's2' });
    expect(rt.observe('s1').index).toMatchObject({ kind: 'rejected', reason: 'already-derived' });
    expect(ignoringNotices(snapshot(rt, ['t', 's1']))).toEqual(ignoringNotices(before));
  });

  it('INV-05 an escalated summary-of-summary keeps the closed chain, reachable after every source is evicted', () => {
    const rt = episode();
    applyAll(
      rt,
      raw('t1', 'charge failed: card_declined'),
      raw('t2', 'retry-after: 30'),
      derived('d', 'one retry', ['t2']),
      { kind: 'summarize', summaryId: 's1', sourceIds: ['t1', 'd'], content: 'declined, retried' },
      { kind: 'summarize', summaryId: 's2', sourceIds: ['s1'], content: 'payment handled', escalate: true },
    );
    expect(rt.derivationChain('s2').sort()).toEqual(['d', 's1', 't1', 't2']);

    for (const id of ['t1', 't2', 'd', 's1']) applyExpect(rt, { kind: 'prune', spanId: id, acceptLossy: true }, 'evicted');

    expect(rt.derivationChain('s2').sort()).toEqual(['d', 's1', 't1', 't2']);
    expect(rt.tombstones.get('s1')?.derivationChain).toEqual(['t1', 'd']);
    expect(rt.tombstones.get('d')?.derivationChain).toEqual(['t2']);
    expect(rt.observe('s2').resident?.sources).toEqual(['s1']);
  });

  it('INV-05 derived spans carry no provenance marker, so summarizing them needs no escalation', () => {
    const rt = episode();
    applyAll(rt, raw('t', 'rows'), derived('n', '2 rows', ['t']));

    expect(applyExpect(rt, { kind: 'summarize', summaryId: 's', sourceIds: ['n'], content: 'count known' }, 'summarized').sourceIds).toEqual(['n']);
  });

  it('INV-05 a summary of a span that is not resident is refused', () => {
    const rt = episode();
    applyAll(rt, raw('t', 'gone soon'), { kind: 'prune', spanId: 't', acceptLossy: true });

    expect(applyExpect(rt, { kind: 'summarize', summaryId: 's', sourceIds: ['t'], content: 'recalled' }, 'rejected')).toEqual({ kind: 'rejected', spanId: 't', reason: 'not-resident' });
    expect(rt.isKnown('s')).toBe(false);
    expect(rt.observe('t').index?.kind).toBe('lossy');
  });

  it('INV-05 a chain through a shared ancestor lists it once', () => {
    const rt = episode();
    applyAll(rt, raw('t', 'rows'), derived('n', '2', ['t']), derived('m', 'max 9', ['t']));
    rt.apply({ kind: 'summarize', summaryId: 's', sourceIds: ['n', 'm'], content: 'two rows, max 9' });

    expect(rt.derivationChain('s').sort()).toEqual(['m', 'n', 't']);
  });

  it('INV-05 the derivation chain of a span without sources, or of an unknown id, is empty', () => {
    const rt = episode();
    rt.apply(raw('t', 'x'));

    expect(rt.derivationChain('t')).toEqual([]);
    expect(rt.derivationChain('nope')).toEqual([]);
  });
});

describe('summaries and retention (INV-14)', () => {
  it('INV-14 writing a summary leaves every source score and floor as it was', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha', { score: 0.9 }), raw('b', 'beta', { score: 0.2, persist: true }), derived('c', 'gamma', ['a'], { score: 0.35 }));
    const before = snapshot(rt, ['a', 'b', 'c']);

    applyExpect(rt, { kind: 'summarize', summaryId: 's', sourceIds: ['a', 'b', 'c'], content: 'abc', score: 0.01 }, 'summarized');

    expect(snapshot(rt, ['a', 'b', 'c']).spans).toEqual(before.spans);
    expect(['a', 'b', 'c'].map((id) => rt.span(id)?.score)).toEqual([0.9, 0.2, 0.35]);
  });

  it('INV-14 a compaction right after a low-scored summary keeps a source whose own score is above the threshold', () => {
    const rt = episode();
    applyAll(rt, raw('src', 'kept', { score: 0.6, persist: true }), { kind: 'summarize', summaryId: 's', sourceIds: ['src'], content: 'k', score: 0.1 });

    const compacted = applyExpect(rt, { kind: 'compact', threshold: 0.5 }, 'compacted');

    expect(compacted).toEqual({ kind: 'compacted', evicted: [], refused: ['s'] });
    expect(rt.observe('src').resident?.score).toBe(0.6);
  });

  it('INV-14 under random operation sequences, no summary changes any score', () => {
    assertOverEpisodes(FILE, (driver) => {
      return (template) => {
        const op = driver.resolve(template);
        const scores = driver.seen.map((id) => [id, driver.rt.span(id)?.score, driver.rt.view(driver.rt.span(id)!).floored]);
        const outcome = driver.apply(op);
        if ('kind' in outcome && outcome.kind === 'summarized') {
          expect(driver.seen.slice(0, -1).map((id) => [id, driver.rt.span(id)?.score, driver.rt.view(driver.rt.span(id)!).floored])).toEqual(scores);
        }
      };
    });
  });
});

describe('a summary never outranks its sources (INV-27)', () => {
  it('INV-27 a summary scored above its sources gets the lowest source score instead; one scored below keeps its own', () => {
    const rt = episode();
    applyAll(rt, raw('err', '429 Too Many Requests, retry-after 45', { score: 0.1 }), raw('t1', 'routine', { score: 0.7 }));

    applyExpect(rt, { kind: 'summarize', summaryId: 's120', sourceIds: ['err', 't1'], content: 'handled rate limiting by backing off', score: 0.95 }, 'summarized');
    applyExpect(rt, { kind: 'summarize', summaryId: 's121', sourceIds: ['t1'], content: 'routine work', score: 0.3 }, 'summarized');

    expect(rt.observe('s120').resident?.score).toBe(0.1);
    expect(rt.span('s120')?.ceiling).toBe(0.1);
    expect(rt.observe('s121').resident?.score).toBe(0.3);
    expect(rt.observe('err').resident?.score).toBe(0.1);
  });

  it('INV-27 a re-frame re-scores a summary no higher than its ceiling, even after its sources are re-scored higher', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha', { score: 0.4 }), { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'about alpha', score: 0.2 });

    applyExpect(rt, { kind: 'reframe', frame: 'explain', scores: { a: 0.9, s: 0.99 } }, 'reframed');

    expect(rt.observe('a').resident?.score).toBe(0.9);
    expect(rt.observe('s').resident?.score).toBe(0.4);
    applyExpect(rt, { kind: 'reframe', frame: 'triage', scores: { s: 0.05 } }, 'reframed');
    expect(rt.observe('s').resident?.score).toBe(0.05);
  });

  it('INV-27 an escalated summary of a summary is capped by the summary it summarizes', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha', { score: 0.8 }), { kind: 'summarize', summaryId: 's1', sourceIds: ['a'], content: 'first', score: 0.3 });

    applyExpect(rt, { kind: 'summarize', summaryId: 's2', sourceIds: ['s1'], content: 'second', score: 0.9, escalate: true }, 'summarized');

    expect(rt.observe('s2').resident?.score).toBe(0.3);
  });

  it('INV-27 under random operation sequences, no summary ever scores above the lowest score its sources had when it was written', () => {
    assertOverEpisodes(FILE, (driver) => {
      const ceilings = new Map<string, number>();
      return (template) => {
        const op = driver.resolve(template);
        const before = op.kind === 'summarize' ? Math.min(...op.sourceIds.map((id) => driver.rt.span(id)?.score ?? Number.POSITIVE_INFINITY)) : undefined;
        const outcome = driver.apply(op);
        if (op.kind === 'summarize' && !(outcome instanceof ModelError) && outcome.kind === 'summarized') ceilings.set(op.summaryId, before as number);
        for (const [id, ceiling] of ceilings) expect(driver.rt.span(id)?.score, id).toBeLessThanOrEqual(ceiling);
      };
    });
  });
});

describe('summaries under random operation sequences (INV-05)', () => {
  it('INV-05 under random operation sequences, every summary carries provenance and sources, and re-summarizes only when escalated', () => {
    assertOverEpisodes(FILE, (driver) => {
      const rt = driver.rt;
      return (template) => {
        const op = driver.resolve(template);
        const outcome = driver.apply(op);
        if (op.kind !== 'summarize' || outcome instanceof ModelError || outcome.kind !== 'summarized') return;
        expect(rt.observe(op.summaryId).resident).toMatchObject({
          kind: 'summary',
          sources: op.sourceIds,
          provenance: { derived: true, modelVersion: rt.modelVersion, policyVersion: rt.policyVersion, step: rt.step },
        });
        if (op.escalate !== true) for (const id of op.sourceIds) expect(rt.span(id)?.kind, id).not.toBe('summary');
        for (const id of op.sourceIds) expect(rt.derivationChain(op.summaryId)).toEqual(expect.arrayContaining([id, ...rt.derivationChain(id)]));
      };
    });
  });
});
