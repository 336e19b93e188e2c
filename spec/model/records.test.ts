import { describe, expect, it } from 'vitest';
import { firstAllowed } from '../../src/model/Chooser.ts';
import { gateOptions } from '../../src/model/gateOptions.ts';
import { referenceDecision } from '../../src/model/referenceGate.ts';
import type { Span } from '../../src/model/Span.ts';
import { Window } from '../../src/model/Window.ts';
import { BackingStore } from '../../src/model/BackingStore.ts';
import { TombstoneStore } from '../../src/model/TombstoneStore.ts';
import { applyAll, derived, episode, raw } from '../helpers/model.ts';
import { assertOverEpisodes } from '../helpers/modelOps.ts';

const FILE = 'spec/model/records.test.ts';

function span(id: string, kind: Span['kind'] = 'raw', tokens = 1): Span {
  return { id, kind, rawKind: kind === 'raw' ? 'other' : undefined, content: id, tokens, score: 0.5, floored: false, sources: [], derivationFrame: undefined, provenance: undefined, tokenRange: [0, tokens], appendedAt: 0, digestCache: undefined };
}

const ids = (spans: Iterable<Span>): string[] => [...spans].map((s) => s.id);

describe('one record per span (the hot path)', () => {
  it('the reference gate decides without its option list exactly as the first allowed option, in every state', () => {
    assertOverEpisodes(FILE, (driver) => (template) => {
      driver.apply(driver.resolve(template));
      for (const s of [...driver.rt.window.spans()]) {
        for (const by of ['prune', 'compact'] as const) {
          for (const acceptLossy of [false, true]) {
            expect(referenceDecision(driver.rt, s, acceptLossy, by), `${s.id} ${by} ${acceptLossy}`).toEqual(firstAllowed(gateOptions(driver.rt, s, acceptLossy, by)));
          }
        }
      }
    });
  });

  it('window order survives many departures and returns: a returning span re-enters at the tail, sweeps keep the order', () => {
    const window = new Window(10_000);
    const all = Array.from({ length: 300 }, (_, i) => span(`s${i}`, i % 3 === 0 ? 'derived' : 'raw'));
    for (const s of all) window.insert(s);
    for (let i = 0; i < 300; i += 2) window.remove(`s${i}`);
    window.insert(all[10] as Span);
    window.insert(all[0] as Span);
    const expected = [...all.filter((_, i) => i % 2 === 1).map((s) => s.id), 's10', 's0'];
    expect(ids(window.spans())).toEqual(expected);
    expect(ids(window.derivedSpans())).toEqual(expected.filter((id) => Number(id.slice(1)) % 3 === 0));
    expect([window.size, window.used, window.has('s2'), window.get('s0')?.id]).toEqual([152, 152, false, 's0']);
  });

  it('an iteration in progress keeps its place while spans leave and arrive (no sweep under it)', () => {
    const window = new Window(10_000);
    for (let i = 0; i < 100; i += 1) window.insert(span(`s${i}`));
    const seen: string[] = [];
    for (const s of window.spans()) {
      seen.push(s.id);
      if (s.id === 's0') for (let i = 1; i < 80; i += 1) window.remove(`s${i}`);
      if (s.id === 's90') window.insert(span('late'));
    }
    expect(seen).toEqual(['s0', ...Array.from({ length: 20 }, (_, i) => `s${i + 80}`), 'late']);
  });

  it('a runtime keeps residency, the latest copy and the tombstone on the span record its table holds', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha', { persist: true }), derived('d', 'from a', ['a']), { kind: 'prune', spanId: 'a' });
    const a = rt.span('a') as Span;
    expect([a.resident, a.copy?.handle, a.tombstone]).toEqual([false, rt.store.handleFor('a'), rt.tombstones.get('a')]);
    expect(rt.tombstones.get('a')?.mode).toBe('reversible');
    expect([rt.span('d')?.resident, rt.window.has('d'), ids(rt.window.derivedSpans())]).toEqual([true, true, ['d']]);
  });

  it('a store is bound before its first write, or not at all', () => {
    const store = new BackingStore();
    store.put('a', 'x');
    expect(() => store.bind(new Map())).toThrow(/before its first put/);
    const tombstones = new TombstoneStore();
    tombstones.put({ spanId: 'a', tokenRange: [0, 1], policyVersion: 'p', modelVersion: 'm', score: 0.5, digest: 'd', derivationChain: [], mode: 'lossy', handle: undefined, step: 1 });
    expect(() => tombstones.bind(new Map())).toThrow(/before its first put/);
    // A bound store still answers for an id its table does not hold.
    const bound = new BackingStore();
    bound.bind(new Map());
    const handle = bound.put('stranger', 'y');
    expect([bound.handleFor('stranger'), bound.read(handle).status]).toEqual([handle, 'present']);
  });
});
