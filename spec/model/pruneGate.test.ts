import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/model/ModelError.ts';
import type { ReferenceRuntime } from '../../src/model/ReferenceRuntime.ts';
import { gateOptions } from '../../src/model/gateOptions.ts';
import type { Span } from '../../src/model/Span.ts';
import { applyAll, applyExpect, assertProperty, derived, episode, raw, sha256, snapshot } from '../helpers/model.ts';
import { Driver, opTemplates } from '../helpers/modelOps.ts';

const FILE = 'spec/model/pruneGate.test.ts';

describe('the prune gate (INV-03)', () => {
  it('INV-03 evicts a derived span as derivable while its declared sources are resident', () => {
    const rt = episode();
    applyAll(rt, raw('rows', 'r1 r2 r3 r4'), derived('n', '4 rows', ['rows']));

    const evicted = applyExpect(rt, { kind: 'prune', spanId: 'n' }, 'evicted');

    expect(evicted).toMatchObject({ mode: 'derivable', handle: undefined });
    expect(evicted.check).toEqual({ existence: false, addressable: false, provenance: true, handle: undefined });
    expect(rt.observe('n').index).toEqual({ kind: 'derivable', spanId: 'n', sources: ['rows'] });
  });

  it('INV-03 prefers derivable over reversible when both hold', () => {
    const rt = episode();
    applyAll(rt, raw('rows', 'r1 r2'), derived('n', '2 rows', ['rows'], { persist: true }));

    expect(applyExpect(rt, { kind: 'prune', spanId: 'n' }, 'evicted').mode).toBe('derivable');
  });

  it('INV-03 evicts reversibly after the runtime checks a present, byte-identical, addressable copy', () => {
    const rt = episode();
    rt.apply(raw('tool', 'stripe: charge ch_3 created'));
    const { handle } = applyExpect(rt, { kind: 'persist', spanId: 'tool' }, 'persisted');

    const evicted = applyExpect(rt, { kind: 'prune', spanId: 'tool' }, 'evicted');

    expect(evicted).toMatchObject({ mode: 'reversible', handle, check: { existence: true, addressable: true, provenance: true, handle } });
    expect(rt.store.read(handle)).toEqual({ status: 'present', content: 'stripe: charge ch_3 created', digest: sha256('stripe: charge ch_3 created') });
  });

  it('INV-03 evicts lossily only under an explicit acceptLossy, leaving the lossy marker in the window', () => {
    const rt = episode();
    rt.apply(raw('u', 'user: use the staging DB'));

    const evicted = applyExpect(rt, { kind: 'prune', spanId: 'u', acceptLossy: true }, 'evicted');

    expect(evicted.mode).toBe('lossy');
    expect(rt.observe('u').index).toEqual({ kind: 'lossy', spanId: 'u', text: 'u: pruned, unrecoverable, contents unknown' });
  });

  it('INV-03 rejects a prune whose backing copy was rotated out after the summary was written, and keeps the span', () => {
    const rt = episode();
    applyAll(
      rt,
      raw('block_7', 'order id ORD-55821-X failed with E42', { persist: true }),
      { kind: 'summarize', summaryId: 'sum', sourceIds: ['block_7'], content: 'an order failed' },
      { kind: 'rotate' },
    );
    const before = snapshot(rt, ['block_7', 'sum']);

    const rejected = applyExpect(rt, { kind: 'prune', spanId: 'block_7' }, 'rejected');

    expect(rejected.reason).toBe('not-reversible');
    expect(rejected.check).toMatchObject({ existence: false, addressable: true, provenance: true });
    expect(rt.observe('block_7').resident?.content).toBe('order id ORD-55821-X failed with E42');
    expect(rt.observe('block_7').index).toEqual({ kind: 'rejected', spanId: 'block_7', reason: 'not-reversible', step: 4 });
    expect(rt.tombstones.get('block_7')).toBeUndefined();
    expect(rt.window.used).toBe(before.used);
  });

  it('INV-03 the model claim that a span is safe is no proof: claimSafe neither evicts nor upgrades loss to reversible, and is answered refuted', () => {
    const rt = episode();
    rt.apply(raw('id', 'ORD-55821-X'));

    expect(applyExpect(rt, { kind: 'prune', spanId: 'id', claimSafe: true }, 'rejected')).toMatchObject({ reason: 'not-reversible', safeClaim: 'refuted' });
    expect(rt.window.has('id')).toBe(true);
    const evicted = applyExpect(rt, { kind: 'prune', spanId: 'id', claimSafe: true, acceptLossy: true }, 'evicted');
    expect(evicted).toMatchObject({ mode: 'lossy', handle: undefined, safeClaim: 'refuted' });
    expect(rt.lookup('id')).toEqual({ kind: 'tombstoned', spanId: 'id', digest: sha256('ORD-55821-X'), why: 'lossy' });
  });

  it('INV-03 the model claim is an input (D-21): upheld when the runtime finds a lossless route, absent from the answer when not made', () => {
    const rt = episode();
    applyAll(rt, raw('logged', 'GET /a 200', { persist: true }), raw('src', 'rows'), derived('count', '2 rows', ['src']), raw('plain', 'x', { persist: true }));

    expect(applyExpect(rt, { kind: 'prune', spanId: 'logged', claimSafe: true }, 'evicted')).toMatchObject({ mode: 'reversible', safeClaim: 'upheld' });
    expect(applyExpect(rt, { kind: 'prune', spanId: 'count', claimSafe: true }, 'evicted')).toMatchObject({ mode: 'derivable', safeClaim: 'upheld' });
    expect(applyExpect(rt, { kind: 'prune', spanId: 'plain' }, 'evicted')).not.toHaveProperty('safeClaim');
    expect(rt.log.all().at(-2)?.outcome).toMatchObject({ safeClaim: 'upheld' });
  });

  it('INV-03 a span that can leave without loss is never refused nor destroyed: the rule names INV-03', () => {
    const rt = episode();
    rt.apply(raw('p', 'persisted', { persist: true }));
    const options = gateOptions(rt, rt.span('p') as Span, true, 'prune');

    expect(options.filter((o) => o.allowed).map((o) => o.decision)).toMatchObject([{ kind: 'evict', mode: 'reversible' }]);
    expect(options.find((o) => o.decision.kind === 'reject' && o.decision.reason === 'not-reversible')).toMatchObject({ allowed: false, rule: 'INV-03' });
    expect(options.find((o) => o.decision.kind === 'evict' && o.decision.mode === 'lossy')).toMatchObject({ allowed: false, rule: 'INV-03' });
  });

  it('INV-03 does not count a copy taken before an edit (D-05)', () => {
    const rt = episode();
    applyAll(rt, raw('f', 'v1', { persist: true }), { kind: 'edit', spanId: 'f', content: 'v2' });

    const rejected = applyExpect(rt, { kind: 'prune', spanId: 'f' }, 'rejected');

    expect(rejected.check).toMatchObject({ existence: false, addressable: true });
    expect(rt.observe('f').resident?.content).toBe('v2');
    rt.apply({ kind: 'persist', spanId: 'f' });
    expect(applyExpect(rt, { kind: 'prune', spanId: 'f' }, 'evicted').mode).toBe('reversible');
  });

  it('INV-03 a verified copy is reversible through a store that cannot tell expired from absent: the tombstone store gives provenance (D-23)', () => {
    const rt = episode(100, { storeDistinguishesAbsent: false });
    rt.apply(raw('t', 'tool output', { persist: true }));

    const evicted = applyExpect(rt, { kind: 'prune', spanId: 't' }, 'evicted');

    expect(evicted).toMatchObject({ mode: 'reversible', check: { existence: true, addressable: true, provenance: true } });
    expect(rt.lookup('t')).toMatchObject({ kind: 'recoverable', content: 'tool output' });
    rt.apply({ kind: 'rotate' });
    // The store now answers "absent" for the copy; the tombstone still tells "pruned, copy gone" from "never existed".
    expect(rt.lookup('t')).toEqual({ kind: 'tombstoned', spanId: 't', digest: sha256('tool output'), why: 'expired' });
  });

  it('INV-03 checks at execution time: a later persist lets the same prune through', () => {
    const rt = episode();
    rt.apply(raw('t', 'output'));
    applyExpect(rt, { kind: 'prune', spanId: 't' }, 'rejected');

    rt.apply({ kind: 'persist', spanId: 't' });

    expect(applyExpect(rt, { kind: 'prune', spanId: 't' }, 'evicted').mode).toBe('reversible');
  });

  it('INV-03 a derived span whose source left, or that declares none, is not derivable', () => {
    const rt = episode();
    applyAll(rt, raw('src', 'data', { persist: true }), derived('d', 'from data', ['src']), derived('free', 'a note', []), { kind: 'prune', spanId: 'src' });

    expect(applyExpect(rt, { kind: 'prune', spanId: 'd' }, 'rejected').reason).toBe('not-reversible');
    expect(applyExpect(rt, { kind: 'prune', spanId: 'free' }, 'rejected').reason).toBe('not-reversible');
    expect(rt.window.has('d') && rt.window.has('free')).toBe(true);
  });

  it('INV-03 a summary is never derivable, even with every source resident (D-04)', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha'), { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'an a' });

    expect(applyExpect(rt, { kind: 'prune', spanId: 's' }, 'rejected').reason).toBe('not-reversible');
    expect(rt.window.has('s')).toBe(true);
  });

  it('INV-03 a prune of a span that already left is rejected as not-resident and changes nothing', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha'), { kind: 'prune', spanId: 'a', acceptLossy: true });
    const before = snapshot(rt, ['a']);

    expect(applyExpect(rt, { kind: 'prune', spanId: 'a', acceptLossy: true }, 'rejected')).toMatchObject({ kind: 'rejected', spanId: 'a', reason: 'not-resident' });
    expect(snapshot(rt, ['a'])).toEqual(before);
  });
});

describe('the prune gate against an independent oracle (INV-03)', () => {
  /** The §3 decision recomputed from raw state, with digests recomputed by node:crypto. */
  function expectedDecision(rt: ReferenceRuntime, id: string, acceptLossy: boolean): string {
    const span = rt.window.get(id);
    if (span === undefined) return 'rejected:not-resident';
    const previous = rt.tombstones.get(id);
    if (previous !== undefined && previous.digest !== sha256(span.content)) return 'rejected:content-changed';
    const derivable = span.kind === 'derived' && span.derivationFrame === rt.frameEpoch && span.sources.length > 0 && span.sources.every((s) => rt.window.has(s));
    if (derivable) return 'evicted:derivable';
    const handle = rt.store.handleFor(id);
    const read = handle === undefined ? undefined : rt.store.read(handle);
    // D-23: provenance comes from the tombstone store, whatever the backing store answers for an expired copy.
    if (read?.status === 'present' && read.digest === sha256(span.content)) return 'evicted:reversible';
    // D-20: accepted loss is refused for a span a re-frame floored.
    if (acceptLossy) return span.floored ? 'rejected:floored' : 'evicted:lossy';
    return 'rejected:not-reversible';
  }

  /** Whether the span could leave without loss now, ignoring INV-02: what a `claimSafe` is answered by (D-21). */
  function losslessNow(rt: ReferenceRuntime, id: string): boolean {
    const span = rt.window.get(id);
    if (span === undefined) return false;
    const derivable = span.kind === 'derived' && span.derivationFrame === rt.frameEpoch && span.sources.length > 0 && span.sources.every((s) => rt.window.has(s));
    const handle = rt.store.handleFor(id);
    const read = handle === undefined ? undefined : rt.store.read(handle);
    return derivable || (read?.status === 'present' && read.digest === sha256(span.content));
  }

  it.each([true, false])('INV-03 under random operation sequences, every prune decides as §3 says (store distinguishes absent: %s)', (distinguishes) => {
    assertProperty(
      FILE,
      fc.property(opTemplates, (templates) => {
        const driver = new Driver(episode(24, { storeDistinguishesAbsent: distinguishes }));
        for (const template of templates) {
          const op = driver.resolve(template);
          if (op.kind !== 'prune' || !driver.rt.isKnown(op.spanId)) {
            driver.apply(op);
            continue;
          }
          const expected = expectedDecision(driver.rt, op.spanId, op.acceptLossy === true);
          const lossless = losslessNow(driver.rt, op.spanId);
          const outcome = driver.apply(op);
          if (outcome instanceof ModelError) throw outcome;
          const actual = outcome.kind === 'evicted' ? `evicted:${outcome.mode}` : outcome.kind === 'rejected' ? `rejected:${outcome.reason}` : outcome.kind;
          expect(actual, JSON.stringify(op)).toBe(expected);
          if (outcome.kind === 'evicted') {
            expect(driver.rt.window.has(op.spanId)).toBe(false);
            if (outcome.mode === 'lossy') expect(driver.rt.observe(op.spanId).index?.kind).toBe('lossy');
          } else {
            expect(driver.rt.window.has(op.spanId)).toBe(expected !== 'rejected:not-resident');
            if (op.claimSafe === true && expected !== 'rejected:not-resident') expect((outcome as { safeClaim?: string }).safeClaim).toBe(lossless ? 'upheld' : 'refuted');
          }
        }
      }),
      150,
    );
  });
});
