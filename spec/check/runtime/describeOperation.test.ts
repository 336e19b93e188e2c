import { describe, expect, it } from 'vitest';
import { describeOperation, describeOutcome } from '../../../src/check/runtime/describeOperation.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import type { Outcome } from '../../../src/model/Outcome.ts';

// The one-line renderings "because" chains and timelines are written in: every operation kind and the outcomes
// whose fields a reader needs.

describe('describeOperation', () => {
  it.each([
    [{ kind: 'append', span: { id: 'a', kind: 'raw', content: 'x', persist: true } }, 'append raw span a, persisted'],
    [{ kind: 'append', span: { id: 'd', kind: 'derived', content: 'x', sources: ['a', 'b'] } }, 'append derived span d (from a, b)'],
    [{ kind: 'persist', spanId: 'a' }, 'persist a to the backing store'],
    [{ kind: 'rotate' }, 'rotate the backing store (every copy expires)'],
    [{ kind: 'rotate', spanIds: ['a', 'b'] }, 'rotate the backing copies of a, b'],
    [{ kind: 'edit', spanId: 'a', content: 'y' }, 'edit a'],
    [{ kind: 'overwrite', spanId: 'a', content: 'y' }, 'overwrite the backing copies of a with other bytes'],
    [{ kind: 'prune', spanId: 'a', acceptLossy: true, claimSafe: true }, 'prune a accepting loss (model claims it is safe to drop)'],
    [{ kind: 'summarize', summaryId: 's', sourceIds: ['a', 'b'], content: 'x', escalate: true }, 'summarize a, b into s (escalated)'],
    [{ kind: 'reframe', frame: 'triage' }, "re-frame the task to 'triage'"],
    [{ kind: 'compact', threshold: 0.4 }, 'compact below retention score 0.4'],
    [{ kind: 'restore', spanId: 'a' }, 'restore a'],
    [{ kind: 'lookup', spanId: 'a' }, 'look up a'],
    [{ kind: 'claim', claim: 'c', requiredIds: ['a', 'b'] }, 'claim resting on a, b'],
    [{ kind: 'claim', claim: 'no errors', requiredIds: [], negative: true }, 'negative claim "no errors"'],
    [{ kind: 'claim', claim: 'no errors', requiredIds: [], negative: true, rawKinds: ['tool-output', 'log'] }, 'negative claim "no errors" over tool-output, log observations'],
    [{ kind: 'callTool', signature: 'POST /a', requestId: 'r1' }, 'call POST /a (request r1; the world answers accepted)'],
    [{ kind: 'callTool', signature: 'POST /a', requestId: 'r2', at: 30, idempotencyKey: 'k', status: 'failed', retryAfter: 60 }, 'call POST /a (request r2, at t=30s, idempotency key k; the world answers failed, retry-after 60s)'],
    [{ kind: 'setVersion', modelVersion: 'm2' }, 'set versions model=m2'],
    [{ kind: 'setVersion', modelVersion: 'm2', policyVersion: 'p3' }, 'set versions model=m2 policy=p3'],
  ] as [Operation, string][])('%j', (op, text) => {
    expect(describeOperation(op)).toBe(text);
  });
});

describe('describeOutcome', () => {
  const original = { requestId: 'r1', step: 2, at: 0 };
  it.each([
    [{ kind: 'evicted', spanId: 'a', mode: 'reversible', safeClaim: 'refuted' }, 'evicted a as reversible; safe claim refuted'],
    [{ kind: 'rejected', spanId: 'a', reason: 'not-reversible', check: { existence: false, addressable: true, provenance: true } }, 'rejected (not-reversible); backing check: existence=false, addressable=true, provenance=true'],
    [{ kind: 'rejected', spanId: 'a', reason: 'floored', safeClaim: 'upheld' }, 'rejected (floored); safe claim upheld'],
    [{ kind: 'window-full', spanId: 'a', needed: 5, used: 98, capacity: 100 }, 'window full (needed 5, used 98 of 100)'],
    [{ kind: 'tombstoned', spanId: 'a', digest: 'd', why: 'stale' }, 'tombstoned (stale)'],
    [{ kind: 'compacted', evicted: [{ spanId: 'a', mode: 'lossy' }], refused: ['b'] }, 'compacted: evicted [a:lossy], refused [b]'],
    [{ kind: 'reframed', floored: ['a'], derivable: ['d'] }, 're-framed; floored [a], derivable [d]'],
    [{ kind: 'gap', claim: 'c', lostIds: ['a'] }, 'gap (lost: a)'],
    [{ kind: 'unfounded', claim: 'c', unknownIds: ['z'] }, 'unfounded (never seen: z)'],
    [{ kind: 'unfounded', claim: 'c', unknownIds: [], lostIds: ['a', 'b'] }, 'unfounded (lost: a, b)'],
    [{ kind: 'derived-only', claim: 'c', derivedIds: ['s'] }, 'derived-only (s)'],
    [{ kind: 'duplicate', signature: 'f()', original }, 'duplicate of request r1 (step 2)'],
    [{ kind: 'too-soon', signature: 'f()', original, retryAt: 60 }, 'too soon: request r1 (step 2) failed; retry at t=60s'],
    [{ kind: 'unreconciled', signature: 'f()', original }, 'unreconciled: the outcome of request r1 (step 2) is unknown'],
    [{ kind: 'restored', spanId: 'a' }, 'restored'],
  ] as unknown as [Outcome, string][])('%j', (outcome, text) => {
    expect(describeOutcome(outcome)).toBe(text);
  });
});
