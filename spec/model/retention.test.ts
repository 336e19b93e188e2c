import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/model/ModelError.ts';
import { applyAll, applyExpect, derived, episode, raw } from '../helpers/model.ts';
import { assertOverEpisodes } from '../helpers/modelOps.ts';

const FILE = 'spec/model/retention.test.ts';

describe('raw observations are never derivable (INV-06)', () => {
  it('INV-06 a raw span that declares sources is misuse', () => {
    const rt = episode();
    rt.apply(raw('a', 'alpha'));

    expect(() => rt.apply({ kind: 'append', span: { id: 'b', kind: 'raw', content: 'beta', sources: ['a'] } })).toThrow(
      expect.objectContaining({ code: 'BAD_OPERATION', message: expect.stringContaining("raw span 'b' declares sources") }),
    );
    expect(rt.isKnown('b')).toBe(false);
  });

  it('INV-06 a re-frame cannot declare a raw span derivable; it leaves only reversibly or lossily', () => {
    const rt = episode();
    applyAll(rt, raw('list', 'a b c'), raw('count', '3'));

    const reframed = applyExpect(rt, { kind: 'reframe', frame: 'count things', derivations: { count: ['list'] } }, 'reframed');

    expect(reframed.derivable).toEqual([]);
    expect(applyExpect(rt, { kind: 'prune', spanId: 'count' }, 'rejected').reason).toBe('not-reversible');
    rt.apply({ kind: 'persist', spanId: 'count' });
    expect(applyExpect(rt, { kind: 'prune', spanId: 'count' }, 'evicted').mode).toBe('reversible');
    expect(applyExpect(rt, { kind: 'prune', spanId: 'list', acceptLossy: true }, 'evicted').mode).toBe('lossy');
  });

  it('INV-06 under random operation sequences, no raw span is ever evicted as derivable', () => {
    assertOverEpisodes(FILE, (driver) => {
      return (template) => {
        const outcome = driver.apply(driver.resolve(template));
        if (outcome instanceof ModelError) return;
        const evictions = outcome.kind === 'evicted' ? [outcome] : outcome.kind === 'compacted' ? outcome.evicted : [];
        for (const eviction of evictions) {
          if (driver.rt.span(eviction.spanId)?.kind === 'raw') expect(eviction.mode).not.toBe('derivable');
        }
      };
    });
  });
});

describe('the raw retention floor (INV-07)', () => {
  it('INV-07 compaction never evicts a raw span without a resolvable pointer, whatever its score', () => {
    const rt = episode();
    applyAll(rt, raw('err', 'E1042 deadlock', { score: 0 }), raw('kept', 'tool log', { score: 0, persist: true }));

    const compacted = applyExpect(rt, { kind: 'compact', threshold: 1_000 }, 'compacted');

    expect(compacted).toEqual({ kind: 'compacted', evicted: [{ spanId: 'kept', mode: 'reversible' }], refused: ['err'] });
    expect(rt.observe('err').resident).toMatchObject({ content: 'E1042 deadlock', floored: true, score: 0 });
    expect(rt.tombstones.get('err')).toBeUndefined();
  });

  it('INV-07 the floor follows the pointer: persist lifts it, rotation and edits restore it', () => {
    const rt = episode();
    rt.apply(raw('t', 'output v1'));
    expect(rt.observe('t').resident?.floored).toBe(true);

    rt.apply({ kind: 'persist', spanId: 't' });
    expect(rt.observe('t').resident?.floored).toBe(false);

    rt.apply({ kind: 'rotate', spanIds: ['t'] });
    expect(rt.observe('t').resident?.floored).toBe(true);
    expect(applyExpect(rt, { kind: 'compact', threshold: 1 }, 'compacted').refused).toEqual(['t']);

    applyAll(rt, { kind: 'persist', spanId: 't' }, { kind: 'edit', spanId: 't', content: 'output v2' });
    expect(rt.observe('t').resident?.floored).toBe(true);
    expect(applyExpect(rt, { kind: 'compact', threshold: 1 }, 'compacted').refused).toEqual(['t']);
  });

  it('INV-07 spans at or above the threshold are not candidates; candidates go lowest score first', () => {
    const rt = episode();
    applyAll(rt, raw('hi', 'h', { score: 0.5, persist: true }), raw('mid', 'm', { score: 0.3, persist: true }), raw('lo', 'l', { score: 0.1, persist: true }), raw('lo2', 'l2', { score: 0.1, persist: true }));

    const compacted = applyExpect(rt, { kind: 'compact', threshold: 0.5 }, 'compacted');

    expect(compacted.evicted.map((e) => e.spanId)).toEqual(['lo', 'lo2', 'mid']);
    expect(rt.window.has('hi')).toBe(true);
  });

  it('INV-07 compaction evicts a derivable span but refuses a dependent once its source has gone', () => {
    const rt = episode();
    applyAll(rt, raw('src', 's', { score: 0.9 }), derived('d1', 'd1', ['src'], { score: 0.1 }), derived('d2', 'd2', ['d1'], { score: 0.2 }));

    const compacted = applyExpect(rt, { kind: 'compact', threshold: 0.5 }, 'compacted');

    expect(compacted).toEqual({ kind: 'compacted', evicted: [{ spanId: 'd1', mode: 'derivable' }], refused: ['d2'] });
  });

  it('INV-07 under random operation sequences, compaction never evicts a raw span that lacked a resolvable pointer', () => {
    assertOverEpisodes(FILE, (driver) => {
      return (template) => {
        const op = driver.resolve(template);
        const floored = new Set([...driver.rt.window.spans()].filter((s) => s.kind === 'raw' && !driver.rt.hasResolvablePointer(s)).map((s) => s.id));
        const outcome = driver.apply(op);
        if (outcome instanceof ModelError || outcome.kind !== 'compacted') return;
        for (const { spanId } of outcome.evicted) expect(floored.has(spanId), spanId).toBe(false);
        for (const id of floored) expect(driver.rt.window.has(id), id).toBe(true);
      };
    });
  });
});

describe('re-frames (INV-08)', () => {
  function derivedUnderFirstFrame() {
    const rt = episode(100, { frame: 'fix the migration' });
    applyAll(rt, raw('schema', 'orders(id, total)', { score: 0.9 }), derived('cols', '2 columns', ['schema'], { score: 0.1 }));
    return rt;
  }

  it('INV-08 a re-frame ends derivability, floors the flipped span, and the policy keeps it', () => {
    const rt = derivedUnderFirstFrame();

    const reframed = applyExpect(rt, { kind: 'reframe', frame: 'explain why it failed' }, 'reframed');

    expect(reframed).toEqual({ kind: 'reframed', frame: 'explain why it failed', floored: ['cols'], derivable: [] });
    expect(rt.observe('cols').resident?.floored).toBe(true);
    expect(applyExpect(rt, { kind: 'compact', threshold: 1 }, 'compacted')).toEqual({ kind: 'compacted', evicted: [], refused: ['cols', 'schema'] });
    expect(rt.window.has('cols')).toBe(true);
  });

  it('INV-08 a re-frame back to the earlier framing does not revive its derivations (D-11)', () => {
    const rt = derivedUnderFirstFrame();
    applyExpect(rt, { kind: 'reframe', frame: 'explain why it failed' }, 'reframed');
    applyExpect(rt, { kind: 'reframe', frame: 'fix the migration' }, 'reframed');
    expect(rt.isDerivable(rt.span('cols') as never)).toBe(false);
    expect(applyExpect(rt, { kind: 'prune', spanId: 'cols' }, 'rejected')).toMatchObject({ reason: 'not-reversible' });
    expect(applyExpect(rt, { kind: 'reframe', frame: 'fix the migration' }, 'reframed').floored).toEqual([]);
  });

  it('INV-08 a span evicted as derivable is lost after a re-frame: lookup tombstoned (reframed), claims are gaps', () => {
    const rt = derivedUnderFirstFrame();
    expect(applyExpect(rt, { kind: 'prune', spanId: 'cols' }, 'evicted').mode).toBe('derivable');
    expect(rt.lookup('cols')).toMatchObject({ kind: 'derivable', sources: ['schema'] });
    applyExpect(rt, { kind: 'reframe', frame: 'explain why it failed' }, 'reframed');
    expect(rt.lookup('cols')).toMatchObject({ kind: 'tombstoned', why: 'reframed' });
    expect(applyExpect(rt, { kind: 'claim', claim: 'two columns', requiredIds: ['cols'] }, 'gap').lostIds).toEqual(['cols']);
  });

  it('INV-08 a span a re-frame floored is refused even when the model accepts loss (D-20); with a copy it leaves reversibly', () => {
    const rt = derivedUnderFirstFrame();
    rt.apply({ kind: 'reframe', frame: 'explain why it failed' });

    expect(applyExpect(rt, { kind: 'prune', spanId: 'cols' }, 'rejected').reason).toBe('not-reversible');
    expect(rt.window.has('cols')).toBe(true);
    const refused = applyExpect(rt, { kind: 'prune', spanId: 'cols', acceptLossy: true }, 'rejected');
    expect(refused.reason).toBe('floored');
    expect(rt.window.has('cols')).toBe(true);
    expect(rt.observe('cols').index).toMatchObject({ kind: 'rejected', reason: 'floored' });
    expect(rt.tombstones.get('cols')).toBeUndefined();

    applyExpect(rt, { kind: 'persist', spanId: 'cols' }, 'persisted');
    expect(applyExpect(rt, { kind: 'prune', spanId: 'cols', acceptLossy: true }, 'evicted').mode).toBe('reversible');
  });

  it('INV-08 a raw span on the INV-07 floor may still be given up by the model explicitly (D-20: S002 option (b))', () => {
    const rt = episode();
    rt.apply(raw('r', 'only copy'));
    expect(rt.observe('r').resident?.floored).toBe(true);

    expect(applyExpect(rt, { kind: 'prune', spanId: 'r', acceptLossy: true }, 'evicted').mode).toBe('lossy');
  });

  it('INV-08 a derivation the re-frame re-declares and the runtime verifies stays derivable', () => {
    const rt = derivedUnderFirstFrame();

    const reframed = applyExpect(rt, { kind: 'reframe', frame: 'explain why it failed', derivations: { cols: ['schema'] } }, 'reframed');

    expect(reframed).toMatchObject({ floored: [], derivable: ['cols'] });
    expect(rt.observe('cols').resident?.floored).toBe(false);
    expect(applyExpect(rt, { kind: 'prune', spanId: 'cols' }, 'evicted').mode).toBe('derivable');
  });

  it('INV-08 a re-declared derivation whose sources are not resident is not verified', () => {
    const rt = derivedUnderFirstFrame();
    applyAll(rt, raw('gone', 'x'), { kind: 'prune', spanId: 'gone', acceptLossy: true });

    const reframed = applyExpect(rt, { kind: 'reframe', frame: 'explain', derivations: { cols: ['gone'] } }, 'reframed');

    expect(reframed).toMatchObject({ floored: ['cols'], derivable: [] });
    expect(rt.observe('cols').resident?.sources).toEqual(['schema']);
  });

  it('INV-08 a later re-frame that verifies a derivation lifts the floor', () => {
    const rt = derivedUnderFirstFrame();
    rt.apply({ kind: 'reframe', frame: 'explain' });

    const reframed = applyExpect(rt, { kind: 'reframe', frame: 'fix it again', derivations: { cols: ['schema'] } }, 'reframed');

    expect(reframed).toMatchObject({ floored: [], derivable: ['cols'] });
    expect(rt.observe('cols').resident?.floored).toBe(false);
  });

  it('INV-08 the policy never evicts a floored span, even once it gains a pointer; the model still may', () => {
    const rt = derivedUnderFirstFrame();
    applyAll(rt, { kind: 'reframe', frame: 'explain' }, { kind: 'persist', spanId: 'cols' });

    expect(applyExpect(rt, { kind: 'compact', threshold: 1 }, 'compacted').refused).toContain('cols');
    expect(rt.window.has('cols')).toBe(true);
    expect(applyExpect(rt, { kind: 'prune', spanId: 'cols' }, 'evicted').mode).toBe('reversible');
  });

  it('INV-08 a flipped span with a resolvable pointer is not floored and may leave reversibly', () => {
    const rt = derivedUnderFirstFrame();
    rt.apply({ kind: 'persist', spanId: 'cols' });

    expect(applyExpect(rt, { kind: 'reframe', frame: 'explain' }, 'reframed').floored).toEqual([]);
    expect(applyExpect(rt, { kind: 'compact', threshold: 0.5 }, 'compacted').evicted).toEqual([{ spanId: 'cols', mode: 'reversible' }]);
  });

  it('INV-08 re-scores the named spans, resident or not, and leaves the others', () => {
    const rt = derivedUnderFirstFrame();
    applyAll(rt, raw('old', 'o', { score: 0.4 }), { kind: 'prune', spanId: 'old', acceptLossy: true });

    rt.apply({ kind: 'reframe', frame: 'explain', scores: { schema: 0.05, old: 0.8 } });

    expect(rt.span('schema')?.score).toBe(0.05);
    expect(rt.span('old')?.score).toBe(0.8);
    expect(rt.span('cols')?.score).toBe(0.1);
    expect(rt.frame).toBe('explain');
  });

  it('INV-08 ignores re-declared derivations of spans that are not resident derived spans', () => {
    const rt = derivedUnderFirstFrame();
    applyAll(rt, derived('d2', 'x', ['schema']), { kind: 'prune', spanId: 'd2' });

    const reframed = applyExpect(rt, { kind: 'reframe', frame: 'explain', derivations: { d2: ['schema'], schema: ['cols'] } }, 'reframed');

    expect(reframed.derivable).toEqual([]);
    expect(rt.lookup('d2')).toMatchObject({ kind: 'tombstoned', why: 'reframed' });
  });

  it('INV-08 a derived span that was not derivable before the re-frame is not floored by it', () => {
    const rt = episode();
    applyAll(rt, raw('s', 'x', { persist: true }), derived('d', 'y', ['s']), { kind: 'prune', spanId: 's' });

    expect(applyExpect(rt, { kind: 'reframe', frame: 'explain' }, 'reframed').floored).toEqual([]);
    expect(rt.observe('d').resident?.floored).toBe(false);
  });
});

describe('re-frames under random operation sequences (INV-08)', () => {
  it('INV-08 under random operation sequences, floored spans were derivable, are not now, have no pointer, and no compaction evicts them', () => {
    assertOverEpisodes(FILE, (driver) => {
      const rt = driver.rt;
      return (template) => {
        const op = driver.resolve(template);
        const derivableBefore = new Set([...rt.window.spans()].filter((s) => rt.isDerivable(s)).map((s) => s.id));
        const flooredBefore = new Set([...rt.window.spans()].filter((s) => s.floored).map((s) => s.id));
        const outcome = driver.apply(op);
        if (outcome instanceof ModelError) return;
        if (outcome.kind === 'reframed') {
          expect(rt.frame).toBe(outcome.frame);
          for (const id of outcome.floored) {
            const span = rt.window.get(id);
            expect(span?.kind, id).toBe('derived');
            expect(derivableBefore.has(id), id).toBe(true);
            expect(rt.isDerivable(span!), id).toBe(false);
            expect(rt.hasResolvablePointer(span!), id).toBe(false);
            expect(rt.observe(id).resident?.floored, id).toBe(true);
          }
          for (const id of outcome.derivable) expect(rt.isDerivable(rt.window.get(id)!), id).toBe(true);
        }
        if (outcome.kind === 'compacted') {
          for (const { spanId } of outcome.evicted) expect(flooredBefore.has(spanId), spanId).toBe(false);
        }
      };
    });
  });
});
