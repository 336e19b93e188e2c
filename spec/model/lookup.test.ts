import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/model/ModelError.ts';
import { applyAll, applyExpect, derived, episode, FREE_MARKERS, raw, sha256 } from '../helpers/model.ts';
import { assertOverEpisodes } from '../helpers/modelOps.ts';

const FILE = 'spec/model/lookup.test.ts';

describe('lookup answers (INV-04)', () => {
  it('INV-04 answers resident with the span view for a span in the window', () => {
    const rt = episode();
    rt.apply(raw('a', 'alpha', { tokens: 2, score: 0.7 }));

    expect(rt.lookup('a')).toEqual({
      kind: 'resident',
      spanId: 'a',
      span: { id: 'a', kind: 'raw', content: 'alpha', tokens: 2, score: 0.7, floored: true, sources: [], provenance: undefined },
    });
  });

  it('INV-04 answers recoverable with the handle and the content after a reversible prune', () => {
    const rt = episode();
    const { handle } = applyExpect(rt, raw('a', 'ORD-55821-X', { persist: true }), 'appended');
    rt.apply({ kind: 'prune', spanId: 'a' });

    expect(applyExpect(rt, { kind: 'lookup', spanId: 'a' }, 'recoverable')).toEqual({ kind: 'recoverable', spanId: 'a', handle, content: 'ORD-55821-X' });
  });

  it('INV-04 answers derivable while the sources are resident or recoverable', () => {
    const rt = episode();
    applyAll(rt, raw('src', 'r1 r2 r3', { persist: true }), derived('n', '3', ['src']), { kind: 'prune', spanId: 'n' });
    expect(rt.lookup('n')).toEqual({ kind: 'derivable', spanId: 'n', sources: ['src'] });

    applyExpect(rt, { kind: 'prune', spanId: 'src' }, 'evicted');
    expect(rt.lookup('n')).toEqual({ kind: 'derivable', spanId: 'n', sources: ['src'] });
  });

  it('INV-04 answers tombstoned (sources-lost), not absent, once a derivable span lost its sources', () => {
    const rt = episode();
    applyAll(rt, raw('src', 'r1 r2 r3', { persist: true }), derived('n', '3', ['src']), { kind: 'prune', spanId: 'n' }, { kind: 'prune', spanId: 'src' }, { kind: 'rotate' });

    expect(rt.lookup('src')).toEqual({ kind: 'tombstoned', spanId: 'src', digest: sha256('r1 r2 r3'), why: 'expired' });
    expect(rt.lookup('n')).toEqual({ kind: 'tombstoned', spanId: 'n', digest: sha256('3'), why: 'sources-lost' });
  });

  it('INV-04 answers tombstoned (sources-lost) when a source was lossily dropped', () => {
    const rt = episode();
    applyAll(rt, raw('src', 'data'), derived('n', 'one', ['src']), { kind: 'prune', spanId: 'n' }, { kind: 'prune', spanId: 'src', acceptLossy: true });

    expect(rt.lookup('n')).toMatchObject({ kind: 'tombstoned', why: 'sources-lost' });
    expect(rt.lookup('src')).toMatchObject({ kind: 'tombstoned', why: 'lossy', digest: sha256('data') });
  });

  it('INV-04 answers tombstoned (expired), not absent, when the backing copy was rotated out after the prune', () => {
    const rt = episode();
    applyAll(rt, raw('log', 'rate limited, retry-after 30', { persist: true }), { kind: 'prune', spanId: 'log' }, { kind: 'rotate', spanIds: ['log'] });

    const answer = applyExpect(rt, { kind: 'lookup', spanId: 'log' }, 'tombstoned');

    expect(answer).toEqual({ kind: 'tombstoned', spanId: 'log', digest: sha256('rate limited, retry-after 30'), why: 'expired' });
    expect(JSON.stringify(answer)).not.toContain('retry-after');
  });

  it('INV-04 answers absent only for an id never seen, including one whose append found the window full', () => {
    const rt = episode(4, FREE_MARKERS);
    applyExpect(rt, raw('big', 'x', { tokens: 5 }), 'window-full');

    expect(rt.lookup('nope')).toEqual({ kind: 'absent', spanId: 'nope' });
    expect(rt.lookup('big')).toEqual({ kind: 'absent', spanId: 'big' });
    expect(rt.isKnown('big')).toBe(false);
  });

  it('INV-04 never reuses an id: re-appending or summarizing under a pruned id throws DUPLICATE_ID', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha'), raw('b', 'beta'), { kind: 'prune', spanId: 'a', acceptLossy: true });

    expect(() => rt.apply(raw('a', 'new alpha'))).toThrow(expect.objectContaining({ code: 'DUPLICATE_ID' }));
    expect(() => rt.apply({ kind: 'summarize', summaryId: 'a', sourceIds: ['b'], content: 's' })).toThrow(ModelError);
    expect(rt.lookup('a')).toMatchObject({ kind: 'tombstoned', why: 'lossy', digest: sha256('alpha') });
  });

  it('INV-04 under random operation sequences, no id the runtime has seen is ever answered absent', () => {
    assertOverEpisodes(FILE, (driver) => {
      return (template) => {
        driver.apply(driver.resolve(template));
        for (const id of driver.ids()) {
          const answer = driver.rt.lookup(id);
          expect(answer.kind === 'absent', `${id}: ${JSON.stringify(answer)}`).toBe(!driver.seen.includes(id));
          if (answer.kind === 'tombstoned') expect(answer.digest).toBe(driver.rt.tombstones.get(id)?.digest);
          // D-25: a recoverable answer is the evicted bytes, never whatever the store now holds.
          if (answer.kind === 'recoverable') expect(sha256(answer.content)).toBe(driver.rt.tombstones.get(id)?.digest);
        }
      };
    });
  });

  it('INV-04 a copy rewritten after the eviction is detected by its digest: lookup answers tombstoned (stale), restore is refused stale (D-25)', () => {
    const rt = episode();
    applyAll(rt, raw('block_7', 'request_id=req-51c0d2', { persist: true }), { kind: 'prune', spanId: 'block_7' });
    expect(rt.lookup('block_7')).toMatchObject({ kind: 'recoverable', content: 'request_id=req-51c0d2' });

    expect(applyExpect(rt, { kind: 'overwrite', spanId: 'block_7', content: 'request_id=req-000000' }, 'overwritten').spanId).toBe('block_7');

    expect(rt.lookup('block_7')).toEqual({ kind: 'tombstoned', spanId: 'block_7', digest: sha256('request_id=req-51c0d2'), why: 'stale' });
    expect(applyExpect(rt, { kind: 'restore', spanId: 'block_7' }, 'rejected').reason).toBe('stale');
    expect(rt.window.has('block_7')).toBe(false);
    expect(applyExpect(rt, { kind: 'claim', claim: 'the id was req-51c0d2', requiredIds: ['block_7'] }, 'gap').lostIds).toEqual(['block_7']);
  });

  it('INV-04 a derivable span whose source copy went stale looks up as tombstoned (sources-lost); an expired copy stays expired', () => {
    const rt = episode();
    applyAll(rt, raw('src', 'rows', { persist: true }), derived('n', '2 rows', ['src']), { kind: 'prune', spanId: 'n' }, { kind: 'prune', spanId: 'src' });
    expect(rt.lookup('n').kind).toBe('derivable');

    rt.apply({ kind: 'overwrite', spanId: 'src', content: 'other rows' });
    expect(rt.lookup('n')).toMatchObject({ kind: 'tombstoned', why: 'sources-lost' });

    const expired = episode();
    applyAll(expired, raw('a', 'alpha', { persist: true }), { kind: 'prune', spanId: 'a' }, { kind: 'rotate' }, { kind: 'overwrite', spanId: 'a', content: 'beta' });
    expect(expired.lookup('a')).toMatchObject({ kind: 'tombstoned', why: 'expired' });
  });

  it('INV-04 an overwritten copy of a resident span no longer backs it: the span is not reversible until persisted again', () => {
    const rt = episode();
    applyAll(rt, raw('r', 'v1', { persist: true }), { kind: 'overwrite', spanId: 'r', content: 'v0' });

    expect(applyExpect(rt, { kind: 'prune', spanId: 'r' }, 'rejected').check).toMatchObject({ existence: false, addressable: true });
    rt.apply({ kind: 'persist', spanId: 'r' });
    expect(applyExpect(rt, { kind: 'prune', spanId: 'r' }, 'evicted').mode).toBe('reversible');
  });
});
