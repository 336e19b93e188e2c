import type { Operation } from '../../../../src/model/Operation.ts';

/**
 * A scripted episode through every rule SPEC 1.1 added or changed in runtime mode (issue 13, items 1–9), for the
 * differential tests of out-of-process ports: random episodes reach some of these only rarely.
 */
export const SPEC11_EPISODE: readonly Operation[] = [
  // INV-27 (item 2): a summary's score is capped at its lowest source's, at writing and at a re-frame.
  { kind: 'append', span: { id: 'err', kind: 'raw', content: '429 Too Many Requests, Retry-After: 45', score: 0.1, persist: true } },
  { kind: 'append', span: { id: 't1', kind: 'raw', content: 'routine output', score: 0.7, persist: true } },
  { kind: 'summarize', summaryId: 's1', sourceIds: ['err', 't1'], content: 'handled rate limiting by backing off', score: 0.95 },
  { kind: 'reframe', frame: 'audit', scores: { s1: 0.9, t1: 0.8 } },
  // INV-03 (items 4, 6): claimSafe answered upheld or refuted; a verified copy is reversible whatever the store.
  { kind: 'prune', spanId: 't1', claimSafe: true },
  { kind: 'append', span: { id: 'only', kind: 'raw', content: 'ORD-55821-X' } },
  { kind: 'prune', spanId: 'only', claimSafe: true },
  { kind: 'prune', spanId: 'only', claimSafe: true, acceptLossy: true },
  // INV-08 (item 3): accepted loss is refused for a span a re-frame floored.
  { kind: 'append', span: { id: 'src', kind: 'raw', content: 'migration log', persist: true } },
  { kind: 'append', span: { id: 'd', kind: 'derived', content: 'violates orders_total_cents_nonneg', sources: ['src'] } },
  { kind: 'reframe', frame: 'explain why it failed' },
  { kind: 'prune', spanId: 'd', acceptLossy: true },
  { kind: 'prune', spanId: 'd', acceptLossy: true, claimSafe: true },
  { kind: 'persist', spanId: 'd' },
  { kind: 'prune', spanId: 'd', acceptLossy: true },
  { kind: 'lookup', spanId: 'd' },
  // INV-04 (item 9): a copy changed after the eviction is stale: looked up, restored, used as a source.
  { kind: 'append', span: { id: 'log', kind: 'raw', content: 'request_id=req-51c0d2', persist: true } },
  { kind: 'append', span: { id: 'n', kind: 'derived', content: 'one request', sources: ['log'] } },
  { kind: 'prune', spanId: 'log' },
  { kind: 'prune', spanId: 'n' },
  { kind: 'lookup', spanId: 'n' },
  { kind: 'overwrite', spanId: 'log', content: 'request_id=req-000000' },
  { kind: 'lookup', spanId: 'log' },
  { kind: 'lookup', spanId: 'n' },
  { kind: 'restore', spanId: 'log' },
  { kind: 'claim', claim: 'the request was req-51c0d2', requiredIds: ['log'] },
  { kind: 'overwrite', spanId: 'err', content: '200 OK' },
  { kind: 'overwrite', spanId: 'ghost-never', content: 'x' },
  { kind: 'overwrite', spanId: 'err', content: '' },
  // INV-28 (item 7): negative claims rest on every raw observation seen in scope, never on the window.
  { kind: 'append', span: { id: 'e1', kind: 'raw', content: 'ERROR 23505', rawKind: 'error' } },
  { kind: 'claim', claim: 'no error occurred', requiredIds: [], negative: true, rawKinds: ['error'] },
  { kind: 'prune', spanId: 'e1', acceptLossy: true },
  { kind: 'claim', claim: 'no error occurred', requiredIds: [], negative: true, rawKinds: ['error', 'user'] },
  { kind: 'claim', claim: 'nothing went wrong', requiredIds: [], negative: true },
  { kind: 'claim', claim: 'no user asked', requiredIds: [], negative: true, rawKinds: ['user'] },
  { kind: 'claim', claim: 'bad', requiredIds: ['e1'], negative: true },
  { kind: 'claim', claim: 'bad', requiredIds: [], negative: true, rawKinds: [] },
  { kind: 'claim', claim: 'bad', requiredIds: ['e1'], rawKinds: ['error'] },
  { kind: 'claim', claim: 'bad', requiredIds: [], negative: 'yes' as never },
  // INV-09 (item 1): an effect ledger of attempts, with the episode clock and idempotency keys.
  { kind: 'callTool', signature: 'POST /notify', requestId: 'r1', status: 'failed', retryAfter: 45, at: 950 },
  { kind: 'callTool', signature: 'POST /notify', requestId: 'r2', at: 960 },
  { kind: 'callTool', signature: 'POST /notify', requestId: 'r3', at: 995 },
  { kind: 'callTool', signature: 'POST /notify', requestId: 'r4', at: 995 },
  { kind: 'callTool', signature: 'POST /payouts', requestId: 'p1', status: 'unknown', idempotencyKey: 'k1', at: 1000 },
  { kind: 'callTool', signature: 'POST /payouts', requestId: 'p2' },
  { kind: 'callTool', signature: 'POST /payouts', requestId: 'p3', idempotencyKey: 'k2' },
  { kind: 'callTool', signature: 'POST /payouts', requestId: 'p4', idempotencyKey: 'k1', status: 'failed' },
  { kind: 'callTool', signature: 'POST /payouts', requestId: 'p5', at: 1001, idempotencyKey: 'k1', status: 'accepted' },
  { kind: 'callTool', signature: 'POST /payouts', requestId: 'p6', at: 999 },
  { kind: 'callTool', signature: 'POST /payouts', requestId: 'p7', status: 'maybe' as never },
];
