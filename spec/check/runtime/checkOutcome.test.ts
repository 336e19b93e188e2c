import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import type { Outcome } from '../../../src/model/Outcome.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../../../src/model/ReferenceRuntime.ts';
import { drive, testRuntime } from '../../helpers/drive.ts';
import { derived, raw } from '../../helpers/model.ts';
import { rewritesAnswers } from '../../helpers/rewritesAnswers.ts';

// The differential check's attribution (checkOutcome): for each kind of operation, a system whose state is the
// reference's but whose answer differs, and the rule and reasons the finding gives. Each case names the sentence
// only its branch writes, so a case that lands in another branch fails.

/** Answers window-full to the `kind` (append or restore) of `spanId` without applying it: the state stays as before. */
class FullFor extends ReferenceRuntime {
  constructor(
    config: RuntimeConfig,
    private readonly kind: 'append' | 'restore',
    private readonly spanId: string,
    private readonly used: (rt: ReferenceRuntime) => number,
  ) {
    super(config);
  }
  override apply(op: Operation): Outcome {
    const id = op.kind === this.kind ? (op.kind === 'append' ? op.span.id : op.kind === 'restore' ? op.spanId : undefined) : undefined;
    if (id === undefined || id !== this.spanId) return super.apply(op);
    return { kind: 'window-full', spanId: id, needed: 5, used: this.used(this), capacity: this.window.capacity };
  }
}
const fullFor = (kind: 'append' | 'restore', spanId: string, used: (rt: ReferenceRuntime) => number): Adapter => testRuntime(`full-for-${kind}-${spanId}`, (c) => new FullFor(c, kind, spanId, used));

const on = <K extends Operation['kind']>(kind: K, rewrite: (op: Extract<Operation, { kind: K }>, o: Outcome) => Outcome): Adapter =>
  rewritesAnswers(`rewrites-${kind}`, (op, o) => (op.kind === kind ? rewrite(op as Extract<Operation, { kind: K }>, o) : o));

interface Case {
  readonly adapter: Adapter;
  readonly ops: readonly Operation[];
  readonly config?: RuntimeConfig;
  readonly invariant: string;
  readonly step: number;
  /** Lines the finding's because chain must hold, each exactly. */
  readonly because: readonly string[];
}

const ROOMY = { capacity: 1000 };
const persistedThenPruned: Operation[] = [raw('a', 'x', { persist: true }), { kind: 'prune', spanId: 'a' }];

const CASES: Readonly<Record<string, Case>> = {
  'window-full for an append that fits, with the window figure it had: no rule decides, the first difference is named': {
    adapter: fullFor('append', 'b', (rt) => rt.window.used),
    ops: [raw('a', 'x'), raw('b', 'y')],
    config: ROOMY,
    invariant: 'DIFFERENTIAL',
    step: 2,
    because: ['first difference: outcome.kind is "appended" in the reference and "window-full" in the system'],
  },
  'window-full for an append that fits, with another figure: the index is miscounted (INV-29)': {
    adapter: fullFor('append', 'b', () => 999),
    ops: [raw('a', 'x'), raw('b', 'y')],
    config: ROOMY,
    invariant: 'INV-29',
    step: 2,
    because: ['the system answered window-full with 999 of 1000 in use', 'each line the index shows costs 15 tokens, the gap marker one line for every entry folded into it'],
  },
  "window-full for a restore that fits: the span's own entry leaves as it comes back (INV-29)": {
    adapter: fullFor('restore', 'a', (rt) => rt.window.used),
    ops: [...persistedThenPruned, { kind: 'restore', spanId: 'a' }],
    config: ROOMY,
    invariant: 'INV-29',
    step: 3,
    because: ["a's own entry leaves the index as it comes back: a restore fits when the span in and its entry out fit"],
  },
  'window-full with a wrong used figure that is not the resident tokens alone: INV-13': {
    adapter: on('append', (_op, o) => (o.kind === 'window-full' ? { ...o, used: o.used + 7 } : o)),
    ops: [raw('a', 'x'), raw('big', 'y', { tokens: 5000 })],
    config: ROOMY,
    invariant: 'INV-13',
    step: 2,
    because: ['the system answered window-full with 23 of 1000 tokens in use', "1 tokens are resident and the in-window index is empty and keeps one entry's room (15 tokens): 16 of 1000 are in use", 'a full window must say how full it is, so the caller knows how much to free'],
  },
  'a summary of a summary written without escalation: INV-05, with the step that wrote the first': {
    adapter: on('summarize', (op, o) => (o.kind === 'rejected' ? { kind: 'summarized', summaryId: op.summaryId, sourceIds: op.sourceIds } : o)),
    ops: [raw('a', 'x'), { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'sum' }, { kind: 'summarize', summaryId: 's2', sourceIds: ['s'], content: 'sum2' }],
    invariant: 'INV-05',
    step: 3,
    because: ['s already carries a provenance marker (summary written at step 2), and the directive does not escalate'],
  },
  'a summary of a source that left the window: the source and when it left': {
    adapter: on('summarize', (op, o) => (o.kind === 'rejected' ? { kind: 'summarized', summaryId: op.summaryId, sourceIds: op.sourceIds } : o)),
    ops: [...persistedThenPruned, { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'sum' }],
    invariant: 'DIFFERENTIAL',
    step: 3,
    because: ['source a left the window at step 2 (evicted as reversible)', 'a model summarizes what it sees: every source must be resident'],
  },
  'a recoverable span refused a restore: INV-04, with its live copy': {
    adapter: on('restore', (op) => ({ kind: 'rejected', spanId: op.spanId, reason: 'not-recoverable' })),
    ops: [...persistedThenPruned, { kind: 'restore', spanId: 'a' }],
    invariant: 'INV-04',
    step: 3,
    because: ['a has a live backing copy: copied at step 1, neither rotated out, overwritten nor edited since, so its bytes match and the tombstone will keep its handle and digest (D-23)', 'a is recoverable, so it can be restored'],
  },
  'a resident span "restored": INV-04, it is resident': {
    adapter: on('restore', (op) => ({ kind: 'restored', spanId: op.spanId })),
    ops: [raw('a', 'x'), { kind: 'restore', spanId: 'a' }],
    invariant: 'INV-04',
    step: 2,
    because: ['a is resident', 'only a recoverable span is restored'],
  },
  'an edit refused as not resident: DIFFERENTIAL with the first difference': {
    adapter: on('edit', (op) => ({ kind: 'rejected', spanId: op.spanId, reason: 'not-resident' })),
    ops: [raw('a', 'x'), { kind: 'edit', spanId: 'a', content: 'y' }],
    invariant: 'DIFFERENTIAL',
    step: 2,
    because: ['first difference: outcome.kind is "edited" in the reference and "rejected" in the system'],
  },
  'a version change answered with other versions: INV-11': {
    adapter: on('setVersion', (_op, o) => (o.kind === 'versioned' ? { ...o, modelVersion: 'other' } : o)),
    ops: [{ kind: 'setVersion', modelVersion: 'm2' }],
    invariant: 'INV-11',
    step: 1,
    because: ['the reference answered: versioned', 'INV-11: Versions are events, and artefacts carry them.'],
  },
  'a compaction that also evicts a span scored above the threshold: its base score': {
    adapter: on('compact', (_op, o) => (o.kind === 'compacted' ? { ...o, evicted: [...o.evicted, { spanId: 'hi', mode: 'reversible' }] } : o)),
    ops: [raw('lo', 'x', { score: 0.1, persist: true }), raw('hi', 'y', { score: 0.9, persist: true }), { kind: 'compact', threshold: 0.5 }],
    invariant: 'DIFFERENTIAL',
    step: 3,
    because: ["hi's base score 0.9 is not below the threshold 0.5: the policy may not evict it"],
  },
  'a compaction that evicts a raw span on the floor: INV-07, why it is floored': {
    adapter: on('compact', (_op, o) => (o.kind === 'compacted' ? { ...o, evicted: [...o.evicted, { spanId: 'hi', mode: 'lossy' }] } : o)),
    ops: [raw('lo', 'x', { score: 0.1, persist: true }), raw('hi', 'y', { score: 0.9 }), { kind: 'compact', threshold: 0.5 }],
    invariant: 'INV-07',
    step: 3,
    because: ['hi is a raw observation (appended at step 2): raw observations are never derivable', 'hi was never copied to the backing store (not persisted when appended, never persisted since)', 'a retention policy never evicts a span on the floor'],
  },
  'a compaction whose refusals differ: DIFFERENTIAL at the field': {
    adapter: on('compact', (_op, o) => (o.kind === 'compacted' ? { ...o, refused: ['zz'] } : o)),
    ops: [raw('lo', 'x', { score: 0.1, persist: true }), { kind: 'compact', threshold: 0.5 }],
    invariant: 'DIFFERENTIAL',
    step: 2,
    because: ['first difference: outcome.refused[0] is absent in the reference and "zz" in the system'],
  },
  'a re-frame answered as a refusal: INV-08': {
    adapter: on('reframe', () => ({ kind: 'rejected', spanId: 'x', reason: 'floored' })),
    ops: [raw('a', 'x'), { kind: 'reframe', frame: 'f2' }],
    invariant: 'INV-08',
    step: 2,
    because: ['the system answered: rejected (floored)'],
  },
  'a re-frame that floors a span it must not: INV-08': {
    adapter: on('reframe', (_op, o) => (o.kind === 'reframed' ? { ...o, floored: [...o.floored, 'a'] } : o)),
    ops: [raw('a', 'x'), { kind: 'reframe', frame: 'f2' }],
    invariant: 'INV-08',
    step: 2,
    because: ['a must not be floored: not derivable before this re-frame, still derivable after it, or backed by a resolvable pointer'],
  },
  'a re-frame that misses a derived span it ends: INV-08, the declaration and the missing pointer': {
    adapter: on('reframe', (_op, o) => (o.kind === 'reframed' ? { ...o, floored: [] } : o)),
    ops: [raw('s1', 'src'), derived('d', 'from s1', ['s1']), { kind: 'reframe', frame: 'f2' }],
    invariant: 'INV-08',
    step: 3,
    because: ["d's derivation from s1 was declared at step 2, under the frame this re-frame ends", 'd was never copied to the backing store (not persisted when appended, never persisted since)', 'so d must be floored: derivable before this re-frame, not after it, with no resolvable pointer'],
  },
  'a lookup of an id never seen answered other than absent: INV-04': {
    adapter: on('lookup', (op) => ({ kind: 'derivable', spanId: op.spanId, sources: [] })),
    ops: [{ kind: 'lookup', spanId: 'zz' }],
    invariant: 'INV-04',
    step: 1,
    because: ['zz was never appended or summarized in this episode', 'only an id never seen is absent'],
  },
  'a resident span looked up as absent: INV-04, when it was appended': {
    adapter: on('lookup', (op) => ({ kind: 'absent', spanId: op.spanId })),
    ops: [raw('a', 'x'), { kind: 'lookup', spanId: 'a' }],
    invariant: 'INV-04',
    step: 2,
    because: ['a was appended at step 1', '"absent" tells the model a never existed'],
  },
  'a resident span looked up as derivable: INV-04, it is resident': {
    adapter: on('lookup', (op) => ({ kind: 'derivable', spanId: op.spanId, sources: [] })),
    ops: [raw('a', 'x'), { kind: 'lookup', spanId: 'a' }],
    invariant: 'INV-04',
    step: 2,
    because: ['a is resident'],
  },
  'a recoverable copy with other bytes: INV-03': {
    adapter: on('lookup', (_op, o) => (o.kind === 'recoverable' ? { ...o, content: 'other' } : o)),
    ops: [...persistedThenPruned, { kind: 'lookup', spanId: 'a' }],
    invariant: 'INV-03',
    step: 3,
    because: ["the system's recoverable copy of a is not the content that was evicted", 'a backing copy must be byte-identical (D-05)'],
  },
  'a recoverable span looked up as derivable: INV-04, its copy is live': {
    adapter: on('lookup', (op, o) => (o.kind === 'recoverable' ? { kind: 'derivable', spanId: op.spanId, sources: [] } : o)),
    ops: [...persistedThenPruned, { kind: 'lookup', spanId: 'a' }],
    invariant: 'INV-04',
    step: 3,
    because: ['a was evicted reversibly at step 2', 'no rotation since expired its copy, and no overwrite changed it'],
  },
  'a span whose copy expired looked up as derivable: INV-04, the rotation that expired it': {
    adapter: on('lookup', (op) => ({ kind: 'derivable', spanId: op.spanId, sources: [] })),
    ops: [...persistedThenPruned, { kind: 'rotate' }, { kind: 'lookup', spanId: 'a' }],
    invariant: 'INV-04',
    step: 4,
    because: ['a was evicted as reversible at step 2', 'its backing copy expired in the rotation at step 3', 'a known loss answers tombstoned, with why'],
  },
  'a derived span whose source was lost looked up as derivable: INV-04, the source that left': {
    adapter: on('lookup', (op, o) => (o.kind === 'tombstoned' ? { kind: 'derivable', spanId: op.spanId, sources: ['s1'] } : o)),
    ops: [raw('s1', 'src'), derived('d', 'from s1', ['s1']), { kind: 'prune', spanId: 'd' }, { kind: 'prune', spanId: 's1', acceptLossy: true }, { kind: 'lookup', spanId: 'd' }],
    invariant: 'INV-04',
    step: 5,
    because: ['d was evicted as derivable at step 3', 'its source s1 left the window at step 4 (evicted as lossy)', 'a known loss answers tombstoned, with why'],
  },
  'a claim on ids never seen upheld: INV-10, unfounded': {
    adapter: on('claim', (op) => ({ kind: 'substantiated', claim: op.claim })),
    ops: [{ kind: 'claim', claim: 'c', requiredIds: ['zz', 'yy'] }],
    invariant: 'INV-10',
    step: 1,
    because: ['zz, yy were never seen: the claim is unfounded'],
  },
  'a claim on a summary upheld: INV-10, derived-only': {
    adapter: on('claim', (op) => ({ kind: 'substantiated', claim: op.claim })),
    ops: [raw('a', 'x'), { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'sum' }, { kind: 'claim', claim: 'c', requiredIds: ['s'] }],
    invariant: 'INV-10',
    step: 3,
    because: ['s is supported only by summaries or derived spans: lower-trust evidence'],
  },
  'a claim on a lost span upheld: INV-10, a gap, and why the span is lost': {
    adapter: on('claim', (op) => ({ kind: 'substantiated', claim: op.claim })),
    ops: [raw('a', 'x'), { kind: 'prune', spanId: 'a', acceptLossy: true }, { kind: 'claim', claim: 'c', requiredIds: ['a'] }],
    invariant: 'INV-10',
    step: 3,
    because: ['a was evicted as lossy at step 2', 'a lossy commitment keeps the digest, never the content', 'a claim resting on a lost span is a gap (D-01)'],
  },
  'a sound claim refused: INV-10, every id is resident raw evidence': {
    adapter: on('claim', (op) => ({ kind: 'unfounded', claim: op.claim, unknownIds: ['a'] })),
    ops: [raw('a', 'x'), { kind: 'claim', claim: 'c', requiredIds: ['a'] }],
    invariant: 'INV-10',
    step: 2,
    because: ['every id of the claim (a) is a resident or recoverable raw span'],
  },
  'a sound negative claim refused: INV-28, substantiated over every raw observation': {
    adapter: on('claim', (op) => ({ kind: 'unfounded', claim: op.claim, unknownIds: [] })),
    ops: [raw('a', 'x'), { kind: 'claim', claim: 'no errors', requiredIds: [], negative: true }],
    invariant: 'INV-28',
    step: 2,
    because: ['"no errors" is a negative claim over every raw observation: each one seen is resident or recoverable, so the window and the store together are complete for it: substantiated'],
  },
  'a first call answered duplicate: INV-09, it never went out': {
    adapter: on('callTool', (op) => ({ kind: 'duplicate', signature: op.signature, original: { requestId: 'r0', step: 1, at: 0 } }) as unknown as Outcome),
    ops: [{ kind: 'callTool', signature: 'f()', requestId: 'r1' }],
    invariant: 'INV-09',
    step: 1,
    because: ['f() never went out before in this episode', 'a first call goes out'],
  },
  'a retry after a failure whose retry-after passed answered duplicate: INV-09': {
    adapter: on('callTool', (op, o) => (op.requestId === 'r2' ? ({ kind: 'duplicate', signature: op.signature, original: { requestId: 'r1', step: 1, at: 0 } } as unknown as Outcome) : o)),
    ops: [{ kind: 'callTool', signature: 'f()', requestId: 'r1', status: 'failed', retryAfter: 1, at: 0 }, { kind: 'callTool', signature: 'f()', requestId: 'r2', at: 5 }],
    invariant: 'INV-09',
    step: 2,
    because: ['f() went out at step 1 and failed with retry-after 1s, which has passed (now t=5s); no attempt of it was accepted', 'a retry of a call that truly failed is not a duplicate: it goes out'],
  },
  'a retry after a failure without retry-after answered duplicate: INV-09': {
    adapter: on('callTool', (op, o) => (op.requestId === 'r2' ? ({ kind: 'duplicate', signature: op.signature, original: { requestId: 'r1', step: 1, at: 0 } } as unknown as Outcome) : o)),
    ops: [{ kind: 'callTool', signature: 'f()', requestId: 'r1', status: 'failed' }, { kind: 'callTool', signature: 'f()', requestId: 'r2' }],
    invariant: 'INV-09',
    step: 2,
    because: ['f() went out at step 1 and failed without a retry-after; no attempt of it was accepted'],
  },
  'a retry of an unknown outcome with the same key held back: INV-09, the upstream deduplicates': {
    adapter: on('callTool', (op, o) => (op.requestId === 'r2' ? ({ kind: 'unreconciled', signature: op.signature, original: { requestId: 'r1', step: 1, at: 0 } } as unknown as Outcome) : o)),
    ops: [{ kind: 'callTool', signature: 'f()', requestId: 'r1', status: 'unknown', idempotencyKey: 'k' }, { kind: 'callTool', signature: 'f()', requestId: 'r2', idempotencyKey: 'k' }],
    invariant: 'INV-09',
    step: 2,
    because: ["f()'s last attempt (step 1) has an unknown outcome and carried the idempotency key k, as this retry does: the upstream deduplicates"],
  },
  'a retry of an unknown outcome with another key sent: INV-09, the keys differ': {
    adapter: on('callTool', (op, o) => (op.requestId === 'r2' ? { kind: 'executed', signature: op.signature } as unknown as Outcome : o)),
    ops: [{ kind: 'callTool', signature: 'f()', requestId: 'r1', status: 'unknown', idempotencyKey: 'k' }, { kind: 'callTool', signature: 'f()', requestId: 'r2', idempotencyKey: 'k2' }],
    invariant: 'INV-09',
    step: 2,
    because: ['f() went out at step 1 (request r1) and its outcome is unknown: it may have taken effect', "this retry carries the idempotency key k2, not the unknown attempt's k", 'reconcile first, or retry with the same idempotency key so the upstream deduplicates'],
  },
};

describe('checkOutcome: the rule and reasons of an answer that differs from the reference', () => {
  it.each(Object.entries(CASES))('%s', async (_name, c) => {
    const { finding, step } = await drive(c.adapter, c.ops, c.config === undefined ? {} : { config: c.config });
    expect([finding?.invariant, step]).toEqual([c.invariant, c.step]);
    for (const line of c.because) expect(finding?.because).toContain(line);
  });

  it('the same answers from the reference itself are no finding', async () => {
    const reference = rewritesAnswers('reference', (_op, o) => o);
    for (const c of Object.values(CASES)) expect((await drive(reference, c.ops, c.config === undefined ? {} : { config: c.config })).finding).toBeUndefined();
  });
});
