import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../src/model/Operation.ts';
import { PENDING_ZOO, ZOO_ADAPTERS, ZOO_EXPECTATIONS } from '../../../src/subjects/zoo/index.ts';
import { MINIMAL_TRACES } from '../../../src/subjects/zoo/minimalTraces.ts';
import { LEDGER_SLOTS } from '../../../src/subjects/zoo/LedgerLruOfEight.ts';
import { TOMBSTONE_SLOTS } from '../../../src/subjects/zoo/TombstonesCappedAt64.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { drive } from '../../helpers/drive.ts';
import { raw } from '../../helpers/model.ts';

const subject = (name: string) => {
  const adapter = ZOO_ADAPTERS.find((a) => a.name === name);
  if (adapter === undefined) throw new Error(`no zoo member ${name}`);
  return adapter;
};

const CONTENT = 'tool: GET /users/42 -> {"id":42} (request req-2)';
const TRACES: Readonly<Record<string, readonly Operation[]>> = {
  // The copy rewritten with one character changed: same length, other bytes.
  'stale-check-by-length': [raw('a', CONTENT, { persist: true }), { kind: 'prune', spanId: 'a' }, { kind: 'overwrite', spanId: 'a', content: CONTENT.replace('42}', '43}') }, { kind: 'lookup', spanId: 'a' }],
  // One accepted call, eight calls of other signatures, then the first again: a duplicate the LRU forgot.
  'ledger-lru-of-eight': [
    { kind: 'callTool', signature: 'POST /orders {"sku":"A0"}', requestId: 'req-0' },
    ...Array.from({ length: LEDGER_SLOTS }, (_, i): Operation => ({ kind: 'callTool', signature: `DELETE /sessions/${i}`, requestId: `req-s${i}` })),
    { kind: 'callTool', signature: 'POST /orders {"sku":"A0"}', requestId: 'req-0b' },
  ],
  // 65 persisted spans scored low, and one compaction evicting them all: the 65th tombstone drops the first.
  'tombstones-capped-at-64': [...Array.from({ length: TOMBSTONE_SLOTS + 1 }, (_, i) => raw(`t${i}`, `tool: row ${i}`, { persist: true, score: 0.1 })), { kind: 'compact', threshold: 0.5 }],
};

// Issue 22's observed defects, once PENDING_ZOO, now in the zoo (caught at 36 seeds within default runs,
// spec/subjects/zoo/zooAt36Seeds.soak.test.ts): each caught on its invariant by its hand-written trace, which is as
// long as its minimal trace says; the reference passes each trace.
describe('issue 22 defects the generator now reaches', () => {
  it.each(Object.keys(TRACES).map((name) => [ZOO_EXPECTATIONS[name] as string, name] as const))('%s %s is caught by its hand-written trace, of its minimal length, and the reference passes it', async (invariant, name) => {
    const ops = TRACES[name] as readonly Operation[];
    const bad = await drive(subject(name), ops, { finish: true });
    expect(bad.finding?.invariant, bad.finding?.because.join(' / ')).toBe(invariant);
    const good = await drive(referenceAdapter, ops, { finish: true });
    expect(good.finding).toBeUndefined();
    expect(ops.length).toBeLessThanOrEqual((MINIMAL_TRACES[name]?.length ?? 0) + 1);
  });

  // The generated episodes that shrink to this member (zooIsCaught.soak.test.ts) evict some spans twice; the fast tier
  // holds the store to counting ids here.
  it('tombstones-capped-at-64 counts ids, not evictions: a span evicted, restored and evicted again takes one of the 64 slots', async () => {
    const row = (i: number): Operation => raw(`t${i}`, `tool: row ${i}`, { persist: true, score: 0.1 });
    const twice: Operation[] = [row(0), { kind: 'prune', spanId: 't0' }, { kind: 'restore', spanId: 't0' }, ...Array.from({ length: TOMBSTONE_SLOTS - 1 }, (_, i) => row(i + 1))];
    const compact: Operation = { kind: 'compact', threshold: 0.5 };
    expect((await drive(subject('tombstones-capped-at-64'), [...twice, compact], { finish: true })).finding).toBeUndefined();
    const past = await drive(subject('tombstones-capped-at-64'), [...twice, row(TOMBSTONE_SLOTS), compact], { finish: true });
    expect(past.finding?.invariant, past.finding?.because.join(' / ')).toBe('INV-01');
  });

  it('no defect is left pending, and one left would say what was measured of the generated suite', () => {
    expect(PENDING_ZOO).toEqual([]);
    for (const [adapter, , measured] of PENDING_ZOO) expect(measured, adapter.name).toMatch(/^default runs: caught at \d+ of seeds/);
  });
});
