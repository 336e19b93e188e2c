import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import type { ReferenceRuntime, SpanObservation } from '../../../src/model/ReferenceRuntime.ts';
import type { SpanView } from '../../../src/model/Span.ts';
import { drive } from '../../helpers/drive.ts';
import { derived, raw } from '../../helpers/model.ts';
import { rewritesAnswers, showsObservations } from '../../helpers/rewritesAnswers.ts';

// The observation checks (visitObservationFindings): a system that applies and answers as the reference but shows
// one thing otherwise after the step, and the rule and sentences the finding gives. Each case names the sentence
// only its branch writes.

const lastOp = (rt: ReferenceRuntime): Operation | undefined => rt.log.all().at(-1)?.operation;

/** Shows `id` with its resident view changed by `change` (when it is resident and `when` holds). */
const showsResident = (id: string, change: (view: SpanView) => SpanView, when: (rt: ReferenceRuntime) => boolean = () => true): Adapter =>
  showsObservations(`shows-${id}`, (o, rt) => (o.spanId === id && o.resident !== undefined && when(rt) ? { ...o, resident: change(o.resident) } : o));

/** Shows `id` with `change` applied whenever the engine looks at it. */
const showsSpan = (id: string, change: (o: SpanObservation) => SpanObservation): Adapter => showsObservations(`shows-${id}`, (o) => (o.spanId === id ? change(o) : o));

/** Keeps showing `id` as it last was while resident, after it left. */
function stillShowsResident(id: string): Adapter {
  let kept: SpanView | undefined;
  return showsObservations('still-resident', (o) => {
    if (o.spanId !== id) return o;
    if (o.resident !== undefined) kept = o.resident;
    return o.resident === undefined ? { ...o, resident: kept } : o;
  });
}

/** Keeps showing the index entry `id` had while evicted, once it is resident again. */
function keepsEntry(id: string): Adapter {
  let entry: SpanObservation['index'];
  return showsObservations('keeps-entry', (o) => {
    if (o.spanId !== id) return o;
    if (o.index !== undefined) entry = o.index;
    return o.resident !== undefined && entry !== undefined ? { ...o, index: entry } : o;
  });
}

const summarize: Operation = { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'sum' };
const persistedThenPruned: Operation[] = [raw('a', 'x', { persist: true }), { kind: 'prune', spanId: 'a' }];
const withProvenance = (view: SpanView, modelVersion: string): SpanView => ({ ...view, provenance: view.provenance && { ...view.provenance, modelVersion } });

const CASES: readonly (readonly [string, Adapter, readonly Operation[], string, readonly string[]])[] = [
  ['a span gone after an edit', showsObservations('drops-edited', (o, rt) => (o.spanId === 'a' && lastOp(rt)?.kind === 'edit' ? { ...o, resident: undefined } : o)), [raw('a', 'x'), { kind: 'edit', spanId: 'a', content: 'y' }], 'INV-03', ['a was resident before the step and is not after it', 'no directive at this step evicts a']],
  ['a pruned span still resident', stillShowsResident('a'), persistedThenPruned, 'DIFFERENTIAL', ['a is still resident in the system after the step', 'the step evicted a in the reference']],
  ['no tombstone, the index entry its only trace', showsSpan('a', (o) => ({ ...o, tombstone: undefined })), persistedThenPruned, 'INV-01', ['the system evicted a at this step', 'the external tombstone store has no record of a', "the only trace is an in-window 'handle' entry, which the next rewrite can drop"]],
  ['no tombstone and no trace at all', showsSpan('a', (o) => ({ ...o, tombstone: undefined, index: undefined })), persistedThenPruned, 'INV-01', ['nothing in the window records that it existed']],
  ['an entry folded while the window has room', showsSpan('a', (o) => (o.resident === undefined && o.index !== undefined ? { ...o, gap: 'gap-1' } : o)), persistedThenPruned, 'INV-29', ['a\'s entry is folded behind "gap-1"', "the window has room for a's entry: entries fold only when writing one would take the window past its capacity, oldest first"]],
  ['a restored span that keeps its entry', keepsEntry('a'), [...persistedThenPruned, { kind: 'restore', spanId: 'a' }], 'INV-29', ['a is restored and still has an index entry', "a restored span's own entry leaves the index as the span comes back: its entry is gone"]],
  ['a refused prune without its notice', showsSpan('a', (o) => (o.index?.kind === 'rejected' ? { ...o, index: undefined } : o)), [raw('a', 'x'), { kind: 'prune', spanId: 'a' }], 'INV-12', ['the window holds no rejection notice for a after its prune was refused (not-reversible)', 'the model will believe the directive succeeded, or re-issue it blindly']],
  [
    "a refusal that rewrites an evicted span's marker",
    showsObservations('rewrites-marker', (o, rt) => (o.spanId === 'a' && o.resident === undefined && o.index !== undefined && lastOp(rt)?.kind === 'restore' ? { ...o, index: { ...o.index, kind: 'rejected' } as SpanObservation['index'] } : o)),
    [raw('a', 'x'), { kind: 'prune', spanId: 'a', acceptLossy: true }, { kind: 'restore', spanId: 'a' }],
    'INV-15',
    ['the operation was refused', "yet the in-window entry of a, evicted before the step, changed from 'lossy' to 'rejected'"],
  ],
  ['a prune outcome without its backing check', rewritesAnswers('no-check', (op, o) => (op.kind === 'prune' && o.kind === 'evicted' ? { ...o, check: undefined } : o)), persistedThenPruned, 'INV-12', ["the prune's outcome carries no backing-store check, not existence, addressable and provenance as booleans"]],
  [
    'a logged check that denies a live copy',
    rewritesAnswers('denies-copy', (op, o) => (op.kind === 'prune' && o.kind === 'evicted' && o.check !== undefined ? { ...o, check: { ...o.check, existence: false } } : o)),
    persistedThenPruned,
    'INV-12',
    ["the prune's logged backing-store check says existence false", "the store's latest copy of a reads present with bytes that hash to its current digest (after the store operations of this episode), so the logged check must say existence true"],
  ],
  [
    'a logged check that claims a handle the store lacks',
    rewritesAnswers('claims-handle', (op, o) => (op.kind === 'prune' && o.kind === 'rejected' && o.check !== undefined ? { ...o, check: { ...o.check, addressable: true } } : o)),
    [raw('a', 'x'), { kind: 'prune', spanId: 'a' }],
    'INV-12',
    ['the store holds no handle for a (after the store operations of this episode), so the logged check must say addressable false'],
  ],
  ['a summary shown as another kind', showsResident('s', (v) => ({ ...v, kind: 'raw' })), [raw('a', 'x'), summarize], 'INV-05', ['s is shown as a span of kind "raw"']],
  ['a summary without provenance', showsResident('s', (v) => ({ ...v, provenance: undefined })), [raw('a', 'x'), summarize], 'INV-05', ['s carries no provenance marker', 'it will pass for a raw observation']],
  ['a summary with the versions the episode started with wrong', showsResident('s', (v) => withProvenance(v, 'old')), [raw('a', 'x'), summarize], 'INV-11', ['s carries model old / policy policy-1', 'model model-1 / policy policy-1 were in force (the versions the episode started with)']],
  ['a summary with the versions a step set wrong', showsResident('s', (v) => withProvenance(v, 'old')), [{ kind: 'setVersion', modelVersion: 'm2' }, raw('a', 'x'), summarize], 'INV-11', ['model m2 / policy policy-1 were in force since step 1']],
  ['a summary that drops a source', showsResident('s', (v) => ({ ...v, sources: ['a'] })), [raw('a', 'x'), raw('b', 'y'), { ...summarize, sourceIds: ['a', 'b'] } as Operation], 'INV-05', ['s\'s sources are ["a"]', 'the directive summarized ["a","b"]: the derivation chain is dropped']],
  ['a summary scored below the directive', showsResident('s', (v) => ({ ...v, score: 0.1 })), [raw('a', 'x', { score: 0.9 }), { ...summarize, score: 0.5 } as Operation], 'DIFFERENTIAL', ["s's retention score is 0.1", 'the directive scored it 0.5', "its score is the directive's, capped at its ceiling 0.9: 0.5"]],
  ['a source re-scored by writing a summary of it', showsResident('a', (v) => ({ ...v, score: 0.2 }), (rt) => rt.window.has('s')), [raw('a', 'x', { score: 0.9 }), summarize], 'INV-14', ["writing s changed source a's retention score from 0.9 to 0.2"]],
  ['a raw span with no copy shown off the floor', showsResident('a', (v) => ({ ...v, floored: false })), [raw('a', 'x')], 'INV-07', ['a is not on the retention floor in the system', 'a was never copied to the backing store (not persisted when appended, never persisted since)']],
  ['a persisted raw span shown on the floor', showsResident('a', (v) => ({ ...v, floored: true })), [raw('a', 'x', { persist: true })], 'INV-07', ['a is on the retention floor in the system', 'a has a resolvable pointer, so it is not floored']],
  ['a derived span shown on the floor', showsResident('d', (v) => ({ ...v, floored: true })), [raw('s1', 'x'), derived('d', 'y', ['s1'])], 'INV-08', ['d is not floored: no re-frame flipped its derivability while it had no resolvable pointer']],
  ['a re-frame that re-scores a span otherwise than it asked', showsResident('a', (v) => ({ ...v, score: 0.3 }), (rt) => lastOp(rt)?.kind === 'reframe'), [raw('a', 'x', { score: 0.9 }), { kind: 'reframe', frame: 'f2', scores: { a: 0.5 } }], 'INV-08', ["a's retention score is 0.3", 'the re-frame re-scored a to 0.5']],
  [
    'a re-frame that ranks a summary above its sources',
    showsResident('s', (v) => ({ ...v, score: 0.95 }), (rt) => lastOp(rt)?.kind === 'reframe'),
    [raw('a', 'x', { score: 0.4 }), summarize, { kind: 'reframe', frame: 'f2', scores: { s: 0.3 } }],
    'INV-27',
    ['the directive scored it 0.3', 's is a summary whose sources scored at most 0.4 when it was written (a): a summary never outranks the evidence it was drawn from, so its score is at most 0.4'],
  ],
  ['an edit that changes the score', showsResident('a', (v) => ({ ...v, score: 0.3 }), (rt) => lastOp(rt)?.kind === 'edit'), [raw('a', 'x', { score: 0.9 }), { kind: 'edit', spanId: 'a', content: 'y' }], 'DIFFERENTIAL', ["a's retention score is 0.3", "by the reference's record it is 0.9"]],
  ['a ledger that holds nothing for a call', showsObservations('no-ledger', (o) => o, () => undefined), [{ kind: 'callTool', signature: 'f()', requestId: 'r1' }], 'INV-09', ['the external request ledger holds nothing for f()', "it must hold r1 (accepted), the attempt of step 1 that decides the signature's next call: the accepted one, else the latest"]],
  ['a ledger that holds another request', showsObservations('other-ledger', (o) => o, (_s, held) => (held === undefined ? held : { ...held, requestId: 'zz' })), [{ kind: 'callTool', signature: 'f()', requestId: 'r1' }], 'INV-09', ['the external request ledger holds zz (accepted) for f()']],
];

describe('the observation checks: what the system shows after a step, against the reference', () => {
  it.each(CASES)('%s', async (_name, adapter, ops, invariant, because) => {
    const { finding, step } = await drive(adapter, ops);
    expect([finding?.invariant, step]).toEqual([invariant, ops.length]);
    expect(finding?.because[0]).toMatch(new RegExp(`^step ${ops.length}: `));
    for (const line of because) expect(finding?.because).toContain(line);
  });

  it('shown as the reference shows them, the same traces are no finding', async () => {
    const faithful = showsObservations('faithful', (o) => o);
    for (const [, , ops] of CASES) expect((await drive(faithful, ops)).finding).toBeUndefined();
  });
});
