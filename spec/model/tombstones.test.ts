import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/model/ModelError.ts';
import { applyAll, applyExpect, derived, episode, raw, sha256 } from '../helpers/model.ts';
import { assertOverEpisodes } from '../helpers/modelOps.ts';

const FILE = 'spec/model/tombstones.test.ts';

describe('tombstones (INV-01)', () => {
  it('INV-01 a derivable eviction writes an external tombstone with every field', () => {
    const rt = episode(100, { modelVersion: 'm-7', policyVersion: 'p-3' });
    applyAll(rt, raw('list', 'alpha beta gamma', { tokens: 6 }), derived('count', 'three items', ['list'], { tokens: 4, score: 0.25 }));

    const evicted = applyExpect(rt, { kind: 'prune', spanId: 'count' }, 'evicted');

    expect(evicted.mode).toBe('derivable');
    const tombstone = rt.tombstones.get('count');
    expect(tombstone).toEqual({
      spanId: 'count',
      tokenRange: [6, 10],
      policyVersion: 'p-3',
      modelVersion: 'm-7',
      score: 0.25,
      digest: sha256('three items'),
      derivationChain: ['list'],
      frameEpoch: 0,
      mode: 'derivable',
      handle: undefined,
      step: 3,
    });
    expect(evicted.tombstone).toEqual(tombstone);
    expect(rt.window.has('count')).toBe(false);
    expect(rt.window.residentTokens).toBe(6);
  });

  it('INV-01 a reversible eviction tombstone carries the handle the runtime checked', () => {
    const rt = episode();
    const appended = applyExpect(rt, raw('log', 'GET /orders 200 id=ord_81', { persist: true }), 'appended');

    const evicted = applyExpect(rt, { kind: 'prune', spanId: 'log' }, 'evicted');

    expect(evicted.mode).toBe('reversible');
    expect(appended.handle).toMatch(/^bs:\/\/log#/);
    expect(rt.tombstones.get('log')).toMatchObject({ mode: 'reversible', handle: appended.handle, digest: sha256('GET /orders 200 id=ord_81') });
    expect(rt.observe('log').index).toEqual({ kind: 'handle', spanId: 'log', handle: appended.handle });
  });

  it('INV-01 a lossy eviction keeps a digest outside the window, while the window holds only marker text', () => {
    const rt = episode();
    rt.apply(raw('err', 'E1042 deadlock detected on relation "orders"'));

    applyExpect(rt, { kind: 'prune', spanId: 'err', acceptLossy: true }, 'evicted');

    const observed = rt.observe('err');
    expect(observed.resident).toBeUndefined();
    expect(observed.index).toEqual({ kind: 'lossy', spanId: 'err', text: 'err: pruned, unrecoverable, contents unknown' });
    expect(observed.tombstone?.digest).toBe(sha256('E1042 deadlock detected on relation "orders"'));
    expect(JSON.stringify(observed.index)).not.toContain('E1042');
  });

  it('INV-01 evictions by the retention policy are tombstoned too', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'first output', { persist: true, score: 0.1 }), raw('b', 'second output', { score: 0.9, persist: true }));

    const compacted = applyExpect(rt, { kind: 'compact', threshold: 0.5 }, 'compacted');

    expect(compacted.evicted).toEqual([{ spanId: 'a', mode: 'reversible' }]);
    expect(rt.tombstones.get('a')).toMatchObject({ spanId: 'a', score: 0.1, digest: sha256('first output'), mode: 'reversible' });
    expect(rt.tombstones.get('b')).toBeUndefined();
    expect(rt.tombstones.size).toBe(1);
  });

  it('INV-01 tombstones carry the versions in force at eviction, not at append', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'x', { persist: true }), { kind: 'setVersion', modelVersion: 'model-2' }, { kind: 'prune', spanId: 'a' });

    expect(rt.tombstones.get('a')).toMatchObject({ modelVersion: 'model-2', policyVersion: 'policy-1' });
  });

  it('INV-01 a rejected prune writes no tombstone: a rejection notice in the window is not one', () => {
    const rt = episode();
    rt.apply(raw('id', 'customer cus_93 was charged'));

    const rejected = applyExpect(rt, { kind: 'prune', spanId: 'id' }, 'rejected');

    expect(rejected.reason).toBe('not-reversible');
    expect(rt.tombstones.get('id')).toBeUndefined();
    expect(rt.tombstones.size).toBe(0);
    expect(rt.observe('id').index).toMatchObject({ kind: 'rejected', reason: 'not-reversible' });
    expect(rt.observe('id').resident?.content).toBe('customer cus_93 was charged');
  });

  it('INV-01 the tombstone outlives the window: it stays after the span is restored', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'payload', { persist: true }), { kind: 'prune', spanId: 'a' });

    applyExpect(rt, { kind: 'restore', spanId: 'a' }, 'restored');

    expect(rt.observe('a').resident?.content).toBe('payload');
    expect(rt.observe('a').index).toBeUndefined();
    expect(rt.observe('a').tombstone?.digest).toBe(sha256('payload'));
  });
});

describe('re-eviction of changed content (INV-02)', () => {
  function evictedRestoredAndEdited() {
    const rt = episode();
    applyAll(rt, raw('cfg', 'retries=3', { persist: true }), { kind: 'prune', spanId: 'cfg' }, { kind: 'restore', spanId: 'cfg' });
    applyExpect(rt, { kind: 'edit', spanId: 'cfg', content: 'retries=5' }, 'edited');
    return rt;
  }

  it('INV-02 rejects pruning a restored span whose content was edited, and keeps the span', () => {
    const rt = evictedRestoredAndEdited();

    const rejected = applyExpect(rt, { kind: 'prune', spanId: 'cfg' }, 'rejected');

    expect(rejected.reason).toBe('content-changed');
    expect(rt.observe('cfg').resident?.content).toBe('retries=5');
    expect(rt.tombstones.get('cfg')?.digest).toBe(sha256('retries=3'));
    expect(rt.observe('cfg').index).toMatchObject({ kind: 'rejected', reason: 'content-changed' });
  });

  it('INV-02 refuses changed content even when loss is accepted, and the policy cannot evict it either', () => {
    const rt = evictedRestoredAndEdited();
    rt.apply({ kind: 'persist', spanId: 'cfg' });

    expect(applyExpect(rt, { kind: 'prune', spanId: 'cfg', acceptLossy: true }, 'rejected').reason).toBe('content-changed');
    expect(applyExpect(rt, { kind: 'compact', threshold: 10 }, 'compacted')).toEqual({ kind: 'compacted', evicted: [], refused: ['cfg'] });
    expect(rt.window.has('cfg')).toBe(true);
    expect(rt.tombstones.get('cfg')?.digest).toBe(sha256('retries=3'));
  });

  it('INV-02 the new content can leave under a new id', () => {
    const rt = evictedRestoredAndEdited();

    rt.apply(raw('cfg-v2', 'retries=5'));
    const evicted = applyExpect(rt, { kind: 'prune', spanId: 'cfg-v2', acceptLossy: true }, 'evicted');

    expect(evicted.tombstone.digest).toBe(sha256('retries=5'));
    expect(rt.tombstones.get('cfg')?.digest).toBe(sha256('retries=3'));
  });

  it('INV-02 an unchanged restored span may be evicted again, and its tombstone is renewed', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'same bytes', { persist: true }), { kind: 'prune', spanId: 'a' }, { kind: 'restore', spanId: 'a' });

    const evicted = applyExpect(rt, { kind: 'prune', spanId: 'a' }, 'evicted');

    expect(evicted.tombstone).toMatchObject({ digest: sha256('same bytes'), step: 4 });
    expect(rt.tombstones.get('a')?.step).toBe(4);
  });

  it('INV-02 compares digests, so content edited back to the evicted bytes may leave again', () => {
    const rt = evictedRestoredAndEdited();
    rt.apply({ kind: 'edit', spanId: 'cfg', content: 'retries=3' });

    expect(applyExpect(rt, { kind: 'prune', spanId: 'cfg' }, 'evicted').mode).toBe('reversible');
  });
});

describe('tombstones under random operation sequences (INV-01)', () => {
  it('INV-01 under random operation sequences, every eviction by prune or compact writes a complete tombstone', () => {
    assertOverEpisodes(FILE, (driver) => {
      return (template) => {
        const op = driver.resolve(template);
        const rt = driver.rt;
        const resident = new Map([...rt.window.spans()].map((s) => [s.id, { content: s.content, tokenRange: s.tokenRange, score: s.score, sources: [...s.sources] }]));
        const versions = { modelVersion: rt.modelVersion, policyVersion: rt.policyVersion };
        const outcome = driver.apply(op);
        if (outcome instanceof ModelError) return;
        const evictions = outcome.kind === 'evicted' ? [outcome] : outcome.kind === 'compacted' ? outcome.evicted : [];
        for (const { spanId, mode } of evictions) {
          const was = resident.get(spanId);
          expect(was, spanId).toBeDefined();
          expect(rt.tombstones.get(spanId)).toEqual({
            spanId,
            tokenRange: was?.tokenRange,
            ...versions,
            score: was?.score,
            digest: sha256(was?.content ?? ''),
            derivationChain: was?.sources,
            frameEpoch: rt.frameEpoch,
            mode,
            handle: mode === 'reversible' ? rt.store.handleFor(spanId) : undefined,
            step: rt.step,
          });
          expect(rt.window.has(spanId)).toBe(false);
          expect(rt.observe(spanId).index?.kind).toBe(mode === 'reversible' ? 'handle' : mode);
        }
      };
    });
  });
});
