import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../src/model/Operation.ts';
import { PENDING_ZOO } from '../../../src/subjects/zoo/index.ts';
import { LEDGER_SLOTS } from '../../../src/subjects/zoo/LedgerLruOfEight.ts';
import { TOMBSTONE_SLOTS } from '../../../src/subjects/zoo/TombstonesCappedAt64.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { drive } from '../../helpers/drive.ts';
import { raw } from '../../helpers/model.ts';

const subject = (name: string) => {
  const found = PENDING_ZOO.find(([adapter]) => adapter.name === name);
  if (found === undefined) throw new Error(`no pending zoo member ${name}`);
  return found;
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

// Issue 22's observed defects, each caught on its invariant by a hand-written trace; the reference passes each trace.
describe('issue 22 defects awaiting the generator (PENDING_ZOO)', () => {
  it.each(PENDING_ZOO.map(([adapter, invariant]) => [invariant, adapter.name] as const))('%s %s is caught by its hand-written trace, and the reference passes it', async (invariant, name) => {
    const [adapter] = subject(name);
    const ops = TRACES[name] as readonly Operation[];
    const bad = await drive(adapter, ops, { finish: true });
    expect(bad.finding?.invariant, bad.finding?.because.join(' / ')).toBe(invariant);
    const good = await drive(referenceAdapter, ops, { finish: true });
    expect(good.finding).toBeUndefined();
  });

  it('each says what was measured of the generated suite', () => {
    for (const [adapter, , measured] of PENDING_ZOO) expect(measured, adapter.name).toMatch(/^default runs: caught at \d+ of seeds/);
  });
});
