import { describe, expect, it } from 'vitest';
import { BUILTIN_ADAPTERS, findBuiltin } from '../../../src/subjects/builtins.ts';
import { loadAdapter } from '../../../src/subjects/loadAdapter.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { FINGERPRINT_CHARS } from '../../../src/subjects/zoo/DigestWrongBytes.ts';
import { LEDGER_SLOTS } from '../../../src/subjects/zoo/LedgerLruOfEight.ts';
import { TOMBSTONE_SLOTS } from '../../../src/subjects/zoo/TombstonesCappedAt64.ts';
import { ZOO_ADAPTERS, ZOO_EXPECTATIONS } from '../../../src/subjects/zoo/index.ts';
import { lossyMarkerText } from '../../../src/model/IndexEntry.ts';
import { INVARIANT_IDS, RUNTIME_INVARIANT_IDS, type InvariantId } from '../../../src/model/invariants.ts';
import { OPERATION_KINDS, type Operation } from '../../../src/model/Operation.ts';
import { derived, raw, sha256 } from '../../helpers/model.ts';
import { observedOf as obs, outcomeAt as at, playAdapter, type Played } from '../../helpers/playAdapter.ts';

/**
 * One hand-written episode per zoo member: on it the reference and the broken runtime differ exactly where the
 * member's one deviation breaks its invariant. `expectations` asserts on both sides, so a case fails if the
 * reference stops doing the right thing as well as if the broken runtime stops being broken.
 */
interface ZooCase {
  readonly adapter: string;
  readonly invariant: InvariantId;
  readonly title: string;
  readonly capacity?: number;
  readonly storeDistinguishesAbsent?: boolean;
  readonly ops: readonly Operation[];
  readonly signatures?: readonly string[];
  readonly expectations: (ref: Played, bad: Played) => void;
}

const LONG = 'tool output: request req-7731 failed with E_TIMEOUT after 3 retries';

const ORDER = 'POST /orders {"sku":"A0"}';
const SESSIONS = Array.from({ length: LEDGER_SLOTS }, (_, i) => `DELETE /sessions/${i}`);
const ROW = 'tool: GET /users/42 -> {"id":42} (request req-2)';

const CASES: readonly ZooCase[] = [
  {
    adapter: 'no-external-tombstone',
    invariant: 'INV-01',
    title: 'a span compaction evicts has an in-window marker but no external tombstone',
    ops: [raw('r1', 'alpha', { persist: true }), { kind: 'compact', threshold: 0.9 }],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(at(p, 1, 'compacted').evicted).toEqual([{ spanId: 'r1', mode: 'reversible' }]);
      expect(obs(ref, 'r1').tombstone).toMatchObject({ spanId: 'r1', mode: 'reversible', digest: sha256('alpha') });
      expect(obs(bad, 'r1').tombstone).toBeUndefined();
      expect(obs(bad, 'r1').index).toMatchObject({ kind: 'handle', spanId: 'r1' });
    },
  },
  {
    adapter: 'tombstone-in-window-only',
    invariant: 'INV-01',
    title: 'a lossy eviction leaves its in-window marker and no external tombstone',
    ops: [raw('r1', 'alpha'), { kind: 'prune', spanId: 'r1', acceptLossy: true }],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) {
        expect(at(p, 1, 'evicted').mode).toBe('lossy');
        expect(obs(p, 'r1').index).toEqual({ kind: 'lossy', spanId: 'r1', text: lossyMarkerText('r1') });
      }
      expect(obs(ref, 'r1').tombstone).toMatchObject({ mode: 'lossy', digest: sha256('alpha') });
      expect(obs(bad, 'r1').tombstone).toBeUndefined();
    },
  },
  {
    adapter: 'digest-wrong-bytes',
    invariant: 'INV-01',
    title: 'the tombstone of a long span carries the digest of its first characters only',
    ops: [raw('r1', LONG, { persist: true }), { kind: 'prune', spanId: 'r1' }],
    expectations: (ref, bad) => {
      expect(obs(ref, 'r1').tombstone?.digest).toBe(sha256(LONG));
      expect(at(ref, 1, 'evicted').tombstone.digest).toBe(sha256(LONG));
      expect(obs(bad, 'r1').tombstone?.digest).toBe(sha256(LONG.slice(0, FINGERPRINT_CHARS)));
      expect(obs(bad, 'r1').tombstone?.digest).not.toBe(sha256(LONG));
      expect(at(bad, 1, 'evicted').mode).toBe('reversible');
    },
  },
  {
    adapter: 'ignores-content-change',
    invariant: 'INV-02',
    title: 'an evicted, restored and edited span is evicted again and its tombstone overwritten',
    ops: [
      raw('r1', 'v1 of the span', { persist: true }),
      { kind: 'prune', spanId: 'r1' },
      { kind: 'restore', spanId: 'r1' },
      { kind: 'edit', spanId: 'r1', content: 'v2 of the span' },
      { kind: 'prune', spanId: 'r1', acceptLossy: true },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 4, 'rejected').reason).toBe('content-changed');
      expect(obs(ref, 'r1').resident?.content).toBe('v2 of the span');
      expect(obs(ref, 'r1').tombstone?.digest).toBe(sha256('v1 of the span'));
      expect(at(bad, 4, 'evicted').mode).toBe('lossy');
      expect(obs(bad, 'r1').resident).toBeUndefined();
      expect(obs(bad, 'r1').tombstone?.digest).toBe(sha256('v2 of the span'));
    },
  },
  {
    adapter: 'trusts-safe-claim',
    invariant: 'INV-03',
    title: "the model's claimSafe makes an unbacked prune a reversible eviction",
    ops: [
      raw('r1', 'only copy'),
      raw('r2', 'also only copy'),
      { kind: 'prune', spanId: 'r1', claimSafe: true },
      { kind: 'prune', spanId: 'r2', claimSafe: true, acceptLossy: true },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 2, 'rejected').reason).toBe('not-reversible');
      expect(obs(ref, 'r1').resident?.content).toBe('only copy');
      expect(at(ref, 3, 'evicted').mode).toBe('lossy');
      const evicted = at(bad, 2, 'evicted');
      expect(evicted.mode).toBe('reversible');
      expect(evicted.check?.existence).toBe(false);
      expect(obs(bad, 'r1').resident).toBeUndefined();
      expect(at(bad, 3, 'evicted').mode).toBe('reversible');
      expect(obs(bad, 'r2').tombstone?.mode).toBe('reversible');
    },
  },
  {
    adapter: 'checks-store-at-summarize',
    invariant: 'INV-03',
    title: 'a rotation between summarize and prune goes unseen and the span is evicted as reversible',
    ops: [
      raw('r1', 'block 7 raw', { persist: true }),
      { kind: 'summarize', summaryId: 's1', sourceIds: ['r1'], content: 'digest of block 7' },
      { kind: 'rotate', spanIds: ['r1'] },
      { kind: 'prune', spanId: 'r1' },
      { kind: 'lookup', spanId: 'r1' },
    ],
    expectations: (ref, bad) => {
      const rejected = at(ref, 3, 'rejected');
      expect(rejected.reason).toBe('not-reversible');
      expect(rejected.check?.existence).toBe(false);
      expect(at(ref, 4, 'resident').span.content).toBe('block 7 raw');
      const evicted = at(bad, 3, 'evicted');
      expect(evicted.mode).toBe('reversible');
      // Its log shows the store as it is at the prune (INV-12 holds): only its decision reused the stale check.
      expect(evicted.check?.existence).toBe(false);
      expect(at(bad, 4, 'tombstoned').why).toBe('expired');
    },
  },
  {
    adapter: 'lossy-without-marker',
    invariant: 'INV-03',
    title: 'a lossy eviction leaves no lossy marker in the window',
    ops: [raw('r1', 'alpha'), { kind: 'prune', spanId: 'r1', acceptLossy: true }],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(obs(p, 'r1').tombstone).toMatchObject({ mode: 'lossy', digest: sha256('alpha') });
      expect(obs(ref, 'r1').index).toEqual({ kind: 'lossy', spanId: 'r1', text: lossyMarkerText('r1') });
      expect(obs(bad, 'r1').index).toBeUndefined();
    },
  },
  {
    adapter: 'echoes-safe-claim',
    invariant: 'INV-03',
    title: "a claimSafe the runtime's own check refutes is answered upheld",
    ops: [raw('r1', 'only copy'), { kind: 'prune', spanId: 'r1', claimSafe: true }, { kind: 'prune', spanId: 'r1', claimSafe: true, acceptLossy: true }],
    expectations: (ref, bad) => {
      expect(at(ref, 1, 'rejected')).toMatchObject({ reason: 'not-reversible', safeClaim: 'refuted' });
      expect(at(ref, 2, 'evicted')).toMatchObject({ mode: 'lossy', safeClaim: 'refuted' });
      expect(at(bad, 1, 'rejected')).toMatchObject({ reason: 'not-reversible', safeClaim: 'upheld' });
      expect(at(bad, 2, 'evicted')).toMatchObject({ mode: 'lossy', safeClaim: 'upheld' });
    },
  },
  {
    adapter: 'store-provenance-only',
    invariant: 'INV-03',
    title: 'a verified copy in a store that answers absent for expired copies is refused, then destroyed',
    storeDistinguishesAbsent: false,
    ops: [
      raw('deploy-3', 'canary started for build bld-8812c', { persist: true }),
      { kind: 'prune', spanId: 'deploy-3' },
      { kind: 'prune', spanId: 'deploy-3', acceptLossy: true },
      { kind: 'lookup', spanId: 'deploy-3' },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 1, 'evicted')).toMatchObject({ mode: 'reversible', check: { existence: true, addressable: true, provenance: true } });
      expect(at(ref, 2, 'rejected').reason).toBe('not-resident');
      expect(at(ref, 3, 'recoverable').content).toBe('canary started for build bld-8812c');
      expect(at(bad, 1, 'rejected')).toMatchObject({ reason: 'not-reversible', check: { existence: true, provenance: false } });
      expect(at(bad, 2, 'evicted').mode).toBe('lossy');
      expect(at(bad, 3, 'tombstoned').why).toBe('lossy');
    },
  },
  {
    adapter: 'answers-absent-for-pruned',
    invariant: 'INV-04',
    title: 'lookup of a pruned id whose content is lost answers absent',
    ops: [
      raw('r1', 'req-7731'),
      { kind: 'prune', spanId: 'r1', acceptLossy: true },
      raw('r2', 'stack frame', { persist: true }),
      { kind: 'prune', spanId: 'r2' },
      { kind: 'rotate' },
      { kind: 'lookup', spanId: 'r1' },
      { kind: 'lookup', spanId: 'r2' },
      { kind: 'lookup', spanId: 'never-seen' },
      { kind: 'claim', claim: 'the request failed', requiredIds: ['r1'] },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 5, 'tombstoned')).toMatchObject({ why: 'lossy', digest: sha256('req-7731') });
      expect(at(ref, 6, 'tombstoned').why).toBe('expired');
      expect(at(bad, 5, 'absent').spanId).toBe('r1');
      expect(at(bad, 6, 'absent').spanId).toBe('r2');
      for (const p of [ref, bad]) {
        expect(at(p, 7, 'absent').spanId).toBe('never-seen');
        expect(at(p, 8, 'gap').lostIds).toEqual(['r1']);
      }
    },
  },
  {
    adapter: 'trusts-stale-copy',
    invariant: 'INV-04',
    title: 'after the log rewrote an evicted span, its lookup answers the new bytes as recoverable and a restore brings them back',
    ops: [
      raw('block_7', 'POST /v1/ledger -> 409 request_id=req-51c0d2', { persist: true }),
      { kind: 'prune', spanId: 'block_7' },
      { kind: 'overwrite', spanId: 'block_7', content: 'POST /v1/ledger -> 200 request_id=req-000000' },
      { kind: 'lookup', spanId: 'block_7' },
      { kind: 'restore', spanId: 'block_7' },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 3, 'tombstoned')).toMatchObject({ why: 'stale', digest: sha256('POST /v1/ledger -> 409 request_id=req-51c0d2') });
      expect(at(ref, 4, 'rejected').reason).toBe('stale');
      expect(obs(ref, 'block_7').resident).toBeUndefined();
      expect(at(bad, 3, 'recoverable').content).toBe('POST /v1/ledger -> 200 request_id=req-000000');
      expect(at(bad, 4, 'restored').spanId).toBe('block_7');
      expect(obs(bad, 'block_7').resident?.content).toBe('POST /v1/ledger -> 200 request_id=req-000000');
    },
  },
  {
    adapter: 'audit-log-drops-rejections',
    invariant: 'INV-12',
    title: 'a refused prune is answered and surfaced, but the audit log keeps no entry for it',
    ops: [raw('r1', 'only copy'), { kind: 'prune', spanId: 'r1' }, raw('r2', 'next')],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) {
        expect(at(p, 1, 'rejected').reason).toBe('not-reversible');
        expect(obs(p, 'r1').index).toMatchObject({ kind: 'rejected' });
      }
      expect(ref.log).toEqual(['1 append appended', '2 prune rejected', '3 append appended']);
      expect(bad.log).toEqual(['1 append appended', '3 append appended']);
    },
  },
  {
    adapter: 'provenance-step-of-source',
    invariant: 'INV-05',
    title: "a summary's provenance marker carries its newest source's step, not the step it was written at",
    ops: [raw('r1', 'deploy 3 rolled back'), raw('r2', 'deploy 4 ok'), { kind: 'summarize', summaryId: 's1', sourceIds: ['r1', 'r2'], content: 'deploys 3 and 4' }],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(at(p, 2, 'summarized').summaryId).toBe('s1');
      expect(obs(ref, 's1').resident?.provenance).toMatchObject({ derived: true, step: 3 });
      expect(obs(bad, 's1').resident?.provenance).toMatchObject({ derived: true, step: 2 });
    },
  },
  {
    adapter: 'resummarizes-without-chain',
    invariant: 'INV-05',
    title: 'a summary of a summary is written without escalate and loses its link to the summary',
    ops: [
      raw('r1', 'forty turns of tool calls'),
      { kind: 'summarize', summaryId: 's1', sourceIds: ['r1'], content: 'handled rate limiting' },
      { kind: 'summarize', summaryId: 's2', sourceIds: ['s1'], content: 'all fine' },
      { kind: 'summarize', summaryId: 's3', sourceIds: ['s1'], content: 'all fine', escalate: true },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 2, 'rejected')).toMatchObject({ spanId: 's1', reason: 'already-derived' });
      expect(obs(ref, 's2').resident).toBeUndefined();
      expect(at(bad, 2, 'summarized').summaryId).toBe('s2');
      expect(obs(bad, 's2').resident?.sources).toEqual([]);
      for (const p of [ref, bad]) expect(obs(p, 's3').resident?.sources).toEqual(['s1']);
    },
  },
  {
    adapter: 'raw-derivable',
    invariant: 'INV-06',
    title: 'a raw span covered by a resident summary is evicted as derivable',
    ops: [
      raw('r1', 'error E42 at line 9', { persist: true }),
      { kind: 'summarize', summaryId: 's1', sourceIds: ['r1'], content: 'an error occurred' },
      { kind: 'prune', spanId: 'r1' },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 2, 'evicted').mode).toBe('reversible');
      expect(obs(ref, 'r1').index).toMatchObject({ kind: 'handle' });
      expect(at(bad, 2, 'evicted').mode).toBe('derivable');
      expect(obs(bad, 'r1').tombstone?.mode).toBe('derivable');
    },
  },
  {
    adapter: 'no-raw-floor',
    invariant: 'INV-07',
    title: 'compaction evicts a low-scored raw span that has no backing copy',
    ops: [raw('r1', 'user: never touch prod', { score: 0.1 }), { kind: 'compact', threshold: 0.5 }],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(p.outcomes[0]?.kind).toBe('appended');
      expect(at(ref, 1, 'compacted')).toEqual({ kind: 'compacted', evicted: [], refused: ['r1'] });
      expect(obs(ref, 'r1').resident?.floored).toBe(true);
      expect(at(bad, 1, 'compacted')).toEqual({ kind: 'compacted', evicted: [{ spanId: 'r1', mode: 'lossy' }], refused: [] });
      expect(obs(bad, 'r1').resident).toBeUndefined();
    },
  },
  {
    adapter: 'no-reframe-invalidation',
    invariant: 'INV-08',
    title: 'after a re-frame a derived span is neither floored nor kept, and is evicted as derivable',
    ops: [
      raw('r1', 'migration log'),
      derived('d1', 'failed at step 3', ['r1']),
      { kind: 'reframe', frame: 'explain why it failed' },
      { kind: 'prune', spanId: 'd1' },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 2, 'reframed').floored).toEqual(['d1']);
      expect(at(ref, 3, 'rejected').reason).toBe('not-reversible');
      expect(obs(ref, 'd1').resident?.floored).toBe(true);
      expect(at(bad, 2, 'reframed').floored).toEqual([]);
      expect(at(bad, 3, 'evicted').mode).toBe('derivable');
    },
  },
  {
    adapter: 'accepts-loss-of-reframed',
    invariant: 'INV-08',
    title: 'a span a re-frame floored is destroyed when the model accepts loss',
    ops: [
      raw('r1', 'migration log'),
      derived('d1', 'violates orders_total_cents_nonneg', ['r1']),
      { kind: 'reframe', frame: 'explain why it failed' },
      { kind: 'prune', spanId: 'd1', acceptLossy: true },
    ],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(at(p, 2, 'reframed').floored).toEqual(['d1']);
      expect(at(ref, 3, 'rejected').reason).toBe('floored');
      expect(obs(ref, 'd1').resident?.content).toBe('violates orders_total_cents_nonneg');
      expect(at(bad, 3, 'evicted').mode).toBe('lossy');
      expect(obs(bad, 'd1').resident).toBeUndefined();
    },
  },
  {
    adapter: 'retries-not-deduplicated-after-eviction',
    invariant: 'INV-09',
    title: 'a retry after the spans naming the request were evicted is executed again',
    ops: [
      { kind: 'callTool', signature: 'POST /pay 42', requestId: 'req-1' },
      raw('t1', 'sent req-1: 429, retry after 30s'),
      { kind: 'callTool', signature: 'POST /pay 42', requestId: 'req-2' },
      { kind: 'prune', spanId: 't1', acceptLossy: true },
      { kind: 'callTool', signature: 'POST /pay 42', requestId: 'req-3' },
    ],
    signatures: ['POST /pay 42'],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) {
        expect(at(p, 2, 'duplicate').original.requestId).toBe('req-1');
        expect(p.requests['POST /pay 42']?.requestId).toBe('req-1');
      }
      expect(at(ref, 4, 'duplicate').original.requestId).toBe('req-1');
      expect(at(bad, 4, 'executed').requestId).toBe('req-3');
    },
  },
  {
    adapter: 'retries-are-duplicates',
    invariant: 'INV-09',
    title: 'a retry of a call that failed with a 429, once its retry-after has passed, is refused as a duplicate',
    ops: [
      { kind: 'callTool', signature: 'POST /notify ops', requestId: 'req-1', status: 'failed', retryAfter: 45, at: 950 },
      { kind: 'callTool', signature: 'POST /notify ops', requestId: 'req-2', at: 1010 },
    ],
    signatures: ['POST /notify ops'],
    expectations: (ref, bad) => {
      expect(at(ref, 1, 'executed').requestId).toBe('req-2');
      expect(ref.requests['POST /notify ops']).toMatchObject({ requestId: 'req-2', status: 'accepted' });
      expect(at(bad, 1, 'duplicate').original).toMatchObject({ requestId: 'req-1', status: 'failed' });
    },
  },
  {
    adapter: 'ignores-retry-after',
    invariant: 'INV-09',
    title: 'a call that failed with retry-after 45 s is retried 10 s later',
    ops: [
      { kind: 'callTool', signature: 'POST /notify ops', requestId: 'req-1', status: 'failed', retryAfter: 45, at: 950 },
      { kind: 'callTool', signature: 'POST /notify ops', requestId: 'req-2', status: 'failed', at: 960 },
    ],
    signatures: ['POST /notify ops'],
    expectations: (ref, bad) => {
      expect(at(ref, 1, 'too-soon')).toMatchObject({ retryAt: 995, original: { requestId: 'req-1' } });
      expect(at(bad, 1, 'executed').requestId).toBe('req-2');
    },
  },
  {
    adapter: 'retries-unknown-outcome',
    invariant: 'INV-09',
    title: 'a retry of a timed-out payout without its idempotency key goes out again',
    ops: [
      { kind: 'callTool', signature: 'POST /v1/payouts b-2291', requestId: 'req-7f3a9c', status: 'unknown', retryAfter: 30, at: 400 },
      { kind: 'callTool', signature: 'POST /v1/payouts b-2291', requestId: 'req-9b21e4', at: 900 },
    ],
    signatures: ['POST /v1/payouts b-2291'],
    expectations: (ref, bad) => {
      expect(at(ref, 1, 'unreconciled').original).toMatchObject({ requestId: 'req-7f3a9c', status: 'unknown' });
      expect(ref.requests['POST /v1/payouts b-2291']?.requestId).toBe('req-7f3a9c');
      expect(at(bad, 1, 'executed').requestId).toBe('req-9b21e4');
      expect(bad.requests['POST /v1/payouts b-2291']?.requestId).toBe('req-9b21e4');
    },
  },
  {
    adapter: 'tombstone-counts-as-evidence',
    invariant: 'INV-10',
    title: 'a claim resting on a lost raw span is substantiated instead of a gap',
    ops: [
      raw('r1', '429 Too Many Requests'),
      { kind: 'prune', spanId: 'r1', acceptLossy: true },
      { kind: 'claim', claim: 'handled rate limiting by backing off', requiredIds: ['r1'] },
      { kind: 'lookup', spanId: 'r1' },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 2, 'gap').lostIds).toEqual(['r1']);
      expect(at(bad, 2, 'substantiated').claim).toBe('handled rate limiting by backing off');
      for (const p of [ref, bad]) expect(at(p, 3, 'tombstoned').why).toBe('lossy');
    },
  },
  {
    adapter: 'version-not-recorded',
    invariant: 'INV-11',
    title: 'after a version change, summaries and tombstones carry the start-up versions',
    ops: [
      raw('r1', 'alpha'),
      raw('r2', 'beta'),
      { kind: 'setVersion', modelVersion: 'model-2', policyVersion: 'policy-2' },
      { kind: 'summarize', summaryId: 's1', sourceIds: ['r1'], content: 'about alpha' },
      { kind: 'prune', spanId: 'r2', acceptLossy: true },
    ],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(at(p, 2, 'versioned')).toMatchObject({ modelVersion: 'model-2', policyVersion: 'policy-2' });
      expect(obs(ref, 's1').resident?.provenance).toMatchObject({ modelVersion: 'model-2', policyVersion: 'policy-2' });
      expect(obs(ref, 'r2').tombstone).toMatchObject({ modelVersion: 'model-2', policyVersion: 'policy-2' });
      expect(obs(bad, 's1').resident?.provenance).toMatchObject({ modelVersion: 'model-1', policyVersion: 'policy-1' });
      expect(obs(bad, 'r2').tombstone).toMatchObject({ modelVersion: 'model-1', policyVersion: 'policy-1' });
    },
  },
  {
    adapter: 'rejections-not-surfaced',
    invariant: 'INV-12',
    title: 'a rejected prune leaves no rejection notice in the window',
    ops: [raw('r1', 'only copy'), { kind: 'prune', spanId: 'r1' }],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(at(p, 1, 'rejected').reason).toBe('not-reversible');
      expect(obs(ref, 'r1').index).toMatchObject({ kind: 'rejected', spanId: 'r1', reason: 'not-reversible' });
      expect(obs(bad, 'r1').index).toBeUndefined();
    },
  },
  {
    adapter: 'crashes-when-full',
    invariant: 'INV-13',
    title: 'an append at capacity throws instead of answering window-full',
    // 3 tokens of r1 and the index's kept room of 15 (INV-29): r2's 2 more do not fit in 19.
    capacity: 19,
    ops: [raw('r1', 'twelve chars'), raw('r2', 'eight ch'), { kind: 'lookup', spanId: 'r2' }],
    expectations: (ref, bad) => {
      expect(at(ref, 1, 'window-full')).toEqual({ kind: 'window-full', spanId: 'r2', needed: 2, used: 18, capacity: 19 });
      expect(at(bad, 1, 'thrown')).toMatchObject({ name: 'ContextOverflowError', code: 'CONTEXT_OVERFLOW' });
      for (const p of [ref, bad]) {
        expect(at(p, 2, 'absent').spanId).toBe('r2');
        expect(obs(p, 'r1').resident?.content).toBe('twelve chars');
      }
    },
  },
  {
    adapter: 'summary-lowers-sources',
    invariant: 'INV-14',
    title: "writing a low-scored summary lowers its source's retention score",
    ops: [raw('r1', 'alpha', { score: 0.9 }), { kind: 'summarize', summaryId: 's1', sourceIds: ['r1'], content: 'about alpha', score: 0.2 }],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(at(p, 1, 'summarized').summaryId).toBe('s1');
      expect(obs(ref, 'r1').resident?.score).toBe(0.9);
      expect(obs(bad, 'r1').resident?.score).toBe(0.2);
    },
  },
  {
    adapter: 'half-applied-rejection',
    invariant: 'INV-15',
    title: "a rejected prune still lowers the span's score",
    ops: [raw('r1', 'only copy', { score: 0.8 }), { kind: 'prune', spanId: 'r1' }],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) {
        expect(at(p, 1, 'rejected').reason).toBe('not-reversible');
        expect(obs(p, 'r1').resident?.content).toBe('only copy');
      }
      expect(obs(ref, 'r1').resident?.score).toBe(0.8);
      expect(obs(bad, 'r1').resident?.score).toBe(0);
    },
  },
  {
    adapter: 'summary-outranks-sources',
    invariant: 'INV-27',
    title: 'a false summary scored 0.95 outranks the 0.1 error it misdescribes',
    ops: [
      raw('err-90', '429 Too Many Requests (x3), Retry-After: 45', { score: 0.1, persist: true }),
      raw('t91', 'routine output', { score: 0.6, persist: true }),
      { kind: 'summarize', summaryId: 's120', sourceIds: ['err-90', 't91'], content: 'handled rate limiting by backing off', score: 0.95 },
    ],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(at(p, 2, 'summarized').summaryId).toBe('s120');
      expect(obs(ref, 's120').resident?.score).toBe(0.1);
      expect(obs(bad, 's120').resident?.score).toBe(0.95);
      for (const p of [ref, bad]) expect(obs(p, 'err-90').resident?.score).toBe(0.1);
    },
  },
  {
    adapter: 'negative-claims-trust-window',
    invariant: 'INV-28',
    title: '"no error occurred" stands on the window after the only error was pruned and lost',
    ops: [
      raw('err', 'ERROR 23505 duplicate key', { rawKind: 'error' }),
      raw('ok', 'tool: GET /health 200', { rawKind: 'tool-output' }),
      { kind: 'prune', spanId: 'err', acceptLossy: true },
      { kind: 'claim', claim: 'no error occurred', requiredIds: [], negative: true, rawKinds: ['error'] },
      { kind: 'claim', claim: 'the user never asked', requiredIds: [], negative: true, rawKinds: ['user'] },
    ],
    expectations: (ref, bad) => {
      expect(at(ref, 3, 'unfounded')).toMatchObject({ unknownIds: [], lostIds: ['err'] });
      expect(at(bad, 3, 'substantiated').claim).toBe('no error occurred');
      for (const p of [ref, bad]) expect(at(p, 4, 'substantiated').claim).toBe('the user never asked');
    },
  },
  {
    adapter: 'markers-cost-nothing',
    invariant: 'INV-29',
    title: 'an append that fits only if the index costs nothing is let in',
    // 20 tokens of r1 and the index's kept room of 15: 10 more do not fit in 40.
    capacity: 40,
    ops: [raw('r1', 'alpha', { tokens: 20 }), raw('r2', 'beta', { tokens: 10 })],
    expectations: (ref, bad) => {
      expect(at(ref, 1, 'window-full')).toEqual({ kind: 'window-full', spanId: 'r2', needed: 10, used: 35, capacity: 40 });
      expect(at(bad, 1, 'appended').spanId).toBe('r2');
    },
  },
  {
    adapter: 'markers-never-fold',
    invariant: 'INV-29',
    title: 'crowded markers stay one line each instead of folding into a gap marker',
    // Four 5-token spans, each pruned reversibly: the fourth marker would make 60 of 50, so the oldest two fold.
    capacity: 50,
    ops: [
      ...['a', 'b', 'c', 'd'].map((id) => raw(id, `${id} out`, { tokens: 5, persist: true })),
      ...['a', 'b', 'c', 'd'].map((id): Operation => ({ kind: 'prune', spanId: id })),
    ],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(at(p, 7, 'evicted').mode).toBe('reversible');
      expect(obs(ref, 'a')).toMatchObject({ index: { kind: 'handle', spanId: 'a' }, gap: 'gap://index' });
      expect(obs(ref, 'c').gap).toBeUndefined();
      expect(obs(bad, 'a').index).toMatchObject({ kind: 'handle', spanId: 'a' });
      expect(obs(bad, 'a').gap).toBeUndefined();
    },
  },
  {
    adapter: 'stale-check-by-length',
    invariant: 'INV-04',
    title: 'a copy rewritten with one character changed (the same length) is answered recoverable and restored',
    ops: [raw('a', ROW, { persist: true }), { kind: 'prune', spanId: 'a' }, { kind: 'overwrite', spanId: 'a', content: ROW.replace('42}', '43}') }, { kind: 'lookup', spanId: 'a' }, { kind: 'restore', spanId: 'a' }],
    expectations: (ref, bad) => {
      expect(at(ref, 3, 'tombstoned')).toMatchObject({ why: 'stale', digest: sha256(ROW) });
      expect(at(ref, 4, 'rejected').reason).toBe('stale');
      expect(at(bad, 3, 'recoverable').content).toBe(ROW.replace('42}', '43}'));
      expect(obs(bad, 'a').resident?.content).toBe(ROW.replace('42}', '43}'));
    },
  },
  {
    adapter: 'ledger-lru-of-eight',
    invariant: 'INV-09',
    title: 'a call, eight calls of other signatures, then the first again: the cache of eight forgot it and it goes out twice',
    ops: [
      { kind: 'callTool', signature: ORDER, requestId: 'req-0' },
      ...SESSIONS.map((signature, i): Operation => ({ kind: 'callTool', signature, requestId: `req-s${i}` })),
      { kind: 'callTool', signature: ORDER, requestId: 'req-0b' },
    ],
    signatures: [ORDER, ...SESSIONS],
    expectations: (ref, bad) => {
      expect(at(ref, LEDGER_SLOTS + 1, 'duplicate').original).toMatchObject({ requestId: 'req-0', status: 'accepted' });
      expect(at(bad, LEDGER_SLOTS + 1, 'executed').requestId).toBe('req-0b');
      expect(bad.requests[ORDER]).toMatchObject({ requestId: 'req-0b' });
    },
  },
  {
    adapter: 'tombstones-capped-at-64',
    invariant: 'INV-01',
    title: '65 spans evicted by one compaction: the 65th tombstone drops the first',
    ops: [...Array.from({ length: TOMBSTONE_SLOTS + 1 }, (_, i) => raw(`t${i}`, `tool: row ${i}`, { persist: true, score: 0.1 })), { kind: 'compact', threshold: 0.5 }],
    expectations: (ref, bad) => {
      for (const p of [ref, bad]) expect(at(p, TOMBSTONE_SLOTS + 1, 'compacted').evicted).toHaveLength(TOMBSTONE_SLOTS + 1);
      expect(obs(ref, 't0').tombstone).toMatchObject({ spanId: 't0', mode: 'reversible', digest: sha256('tool: row 0') });
      expect(obs(bad, 't0').tombstone).toBeUndefined();
      expect(obs(bad, 't1').tombstone).toMatchObject({ spanId: 't1', mode: 'reversible' });
    },
  },
];

/**
 * An episode touching every operation kind and most outcomes while avoiding every zoo member's trigger: no lossy
 * or policy eviction, no rejection of a resident span, no version change before an artefact, no summary of a
 * summary or of a backed raw span, no rotation after a summary, no overwrite of a live copy, no call that failed
 * or timed out, contents of at most 16 characters.
 */
const BENIGN: readonly Operation[] = [
  raw('r1', 'log line A', { score: 0.8 }),
  raw('r2', 'user: hi', { score: 0.8 }),
  raw('r3', 'err E42', { score: 0.8, persist: true }),
  derived('d1', 'count=2', ['r1', 'r2']),
  derived('d2', 'ts of r3', ['r3']),
  derived('d3', 'scratch', [], { score: 0.1 }),
  { kind: 'callTool', signature: 'sig-1', requestId: 'req-1' },
  raw('t1', 'sent req-1', { score: 0.8 }),
  { kind: 'callTool', signature: 'sig-1', requestId: 'req-1' },
  { kind: 'lookup', spanId: 'r1' },
  { kind: 'claim', claim: 'c1', requiredIds: ['r1', 'r2'] },
  { kind: 'claim', claim: 'c2', requiredIds: ['d1'] },
  { kind: 'claim', claim: 'c3', requiredIds: ['ghost'] },
  { kind: 'summarize', summaryId: 's1', sourceIds: ['r2'], content: 'r2 said hi', score: 0.8 },
  { kind: 'prune', spanId: 'd1' },
  { kind: 'lookup', spanId: 'd1' },
  { kind: 'prune', spanId: 'r3', claimSafe: true },
  { kind: 'lookup', spanId: 'r3' },
  { kind: 'claim', claim: 'c4', requiredIds: ['r3'] },
  { kind: 'restore', spanId: 'r3' },
  { kind: 'edit', spanId: 'r2', content: 'user: hello' },
  { kind: 'reframe', frame: 'explain', scores: { r1: 0.9 }, derivations: { d2: ['r3'] } },
  { kind: 'prune', spanId: 'd2' },
  { kind: 'compact', threshold: 0.3 },
  { kind: 'persist', spanId: 'r1' },
  { kind: 'prune', spanId: 'r1' },
  { kind: 'persist', spanId: 't1' },
  { kind: 'rotate', spanIds: ['t1'] },
  { kind: 'overwrite', spanId: 't1', content: 'rewritten' },
  { kind: 'lookup', spanId: 'ghost' },
  { kind: 'prune', spanId: 'd1' },
  { kind: 'setVersion', modelVersion: 'model-2' },
  { kind: 'lookup', spanId: 'r1' },
  { kind: 'callTool', signature: 'sig-2', requestId: 'req-2' },
];
const BENIGN_IDS = ['r1', 'r2', 'r3', 'd1', 'd2', 'd3', 't1', 's1', 'ghost'];
const BENIGN_SIGNATURES = ['sig-1', 'sig-2'];

/**
 * Members whose one deviation every episode with a summary shows: the benign episode writes one, so it is compared
 * with that one field masked (and must then be identical).
 */
const SHOWS_ON_BENIGN: Readonly<Record<string, (observed: unknown) => unknown>> = {
  'provenance-step-of-source': (observed) => JSON.parse(JSON.stringify(observed, (key, value: unknown) => (key === 'provenance' && value !== null && typeof value === 'object' ? { ...value, step: 'masked' } : value))),
};

function zooAdapter(name: string) {
  const adapter = ZOO_ADAPTERS.find((a) => a.name === name);
  if (adapter === undefined) throw new Error(`no zoo adapter named '${name}'`);
  return adapter;
}

describe('the zoo of broken runtimes', () => {
  it('has at least 14 members with distinct names, each a built-in that --adapter <name> loads', async () => {
    expect(ZOO_ADAPTERS.length).toBeGreaterThanOrEqual(14);
    expect(new Set(ZOO_ADAPTERS.map((a) => a.name)).size).toBe(ZOO_ADAPTERS.length);
    for (const adapter of ZOO_ADAPTERS) {
      expect(findBuiltin(adapter.name)).toBe(adapter);
      expect(await loadAdapter(adapter.name)).toBe(adapter);
      expect(adapter.description).toMatch(/^Breaks INV-\d\d: /);
    }
    expect(BUILTIN_ADAPTERS.filter((a) => a.name === 'reference')).toHaveLength(1);
  });

  it('breaks every runtime invariant (INV-01…INV-15, INV-27 on) with at least one member, and names each member’s invariant', () => {
    expect(Object.keys(ZOO_EXPECTATIONS).sort()).toEqual(ZOO_ADAPTERS.map((a) => a.name).sort());
    // Runtime-mode invariants only: INV-16…INV-26 are observed on policy-mode pruners, not on runtimes.
    expect(RUNTIME_INVARIANT_IDS.filter((id) => Number(id.slice(4)) >= 16 && Number(id.slice(4)) <= 26)).toEqual([]);
    expect(RUNTIME_INVARIANT_IDS).toEqual(expect.arrayContaining(INVARIANT_IDS.filter((id) => Number(id.slice(4)) <= 15)));
    expect([...new Set(Object.values(ZOO_EXPECTATIONS))].sort()).toEqual([...RUNTIME_INVARIANT_IDS].sort());
    for (const adapter of ZOO_ADAPTERS) expect(adapter.description).toContain(`Breaks ${ZOO_EXPECTATIONS[adapter.name]}:`);
  });

  it('has exactly one hand-written case per member, naming the member’s invariant', () => {
    expect(CASES.map((c) => c.adapter).sort()).toEqual(ZOO_ADAPTERS.map((a) => a.name).sort());
    for (const c of CASES) expect(c.invariant).toBe(ZOO_EXPECTATIONS[c.adapter]);
  });

  it.each(CASES)('$invariant $adapter: $title', async (c) => {
    const options = { capacity: c.capacity ?? 10_000, signatures: c.signatures ?? [], ...(c.storeDistinguishesAbsent === undefined ? {} : { storeDistinguishesAbsent: c.storeDistinguishesAbsent }) };
    const ref = await playAdapter(referenceAdapter, c.ops, options);
    const bad = await playAdapter(zooAdapter(c.adapter), c.ops, options);
    c.expectations(ref, bad);
    expect(bad).not.toEqual(ref);
  });

  it('the benign episode exercises every operation kind and the main outcomes on the reference', async () => {
    const ref = await playAdapter(referenceAdapter, BENIGN, { ids: BENIGN_IDS, signatures: BENIGN_SIGNATURES });
    expect(new Set(BENIGN.map((op) => op.kind)).size).toBe(OPERATION_KINDS.length);
    const kinds = new Set(ref.outcomes.map((o) => o.kind));
    for (const kind of ['evicted', 'restored', 'summarized', 'reframed', 'compacted', 'duplicate', 'executed', 'recoverable', 'derivable', 'absent', 'substantiated', 'derived-only', 'unfounded', 'rejected', 'rotated', 'edited', 'versioned']) {
      expect(kinds, kind).toContain(kind);
    }
    expect(ref.outcomes.filter((o) => o.kind === 'evicted').map((o) => 'mode' in o && o.mode)).toEqual(['derivable', 'reversible', 'derivable', 'reversible']);
  });

  it.each(ZOO_ADAPTERS.map((a) => [ZOO_EXPECTATIONS[a.name], a.name] as const))(
    '%s %s deviates in one rule only: identical to the reference on the benign episode',
    async (_invariant, name) => {
      const options = { ids: BENIGN_IDS, signatures: BENIGN_SIGNATURES };
      const ref = await playAdapter(referenceAdapter, BENIGN, options);
      const bad = await playAdapter(zooAdapter(name), BENIGN, options);
      expect(bad.outcomes).toEqual(ref.outcomes);
      expect(SHOWS_ON_BENIGN[name]?.(bad.observed) ?? bad.observed).toEqual(SHOWS_ON_BENIGN[name]?.(ref.observed) ?? ref.observed);
      expect(bad.requests).toEqual(ref.requests);
    },
  );
});
