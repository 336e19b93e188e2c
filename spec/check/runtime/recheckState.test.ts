import { describe, expect, it } from 'vitest';
import { recheckState, type RecheckFacts, type RecheckFinding } from '../../../src/check/runtime/recheckState.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import type { RequestRecord } from '../../../src/model/Outcome.ts';
import { ReferenceRuntime, type SpanObservation } from '../../../src/model/ReferenceRuntime.ts';
import { applyAll, raw } from '../../helpers/model.ts';

// recheckState read directly: the reference after a few steps, and what the system shows of the touched ids then,
// each case changed in one way from what the reference shows. spec/run/runtime/recheck.test.ts drives decaying
// runtimes end to end; here every kind of difference a recheck names is checked with its key and sentences.

interface Setup {
  readonly ops: readonly Operation[];
  /** What the system shows of each id, from what the reference shows. */
  readonly shows?: (id: string, seen: SpanObservation) => SpanObservation;
  readonly ledger?: (signature: string, held: RequestRecord | undefined) => RequestRecord | undefined;
  readonly lastObserved?: RecheckFacts['lastObserved'];
}

function recheck({ ops, shows = (_id, seen) => seen, ledger, lastObserved = () => undefined }: Setup): RecheckFinding[] {
  const rt = new ReferenceRuntime({ capacity: 10_000 });
  applyAll(rt, ...ops);
  const ids = [...new Set(ops.flatMap((op) => (op.kind === 'append' ? [op.span.id] : 'spanId' in op ? [op.spanId as string] : [])))];
  const signatures = [...new Set(ops.flatMap((op) => (op.kind === 'callTool' ? [op.signature] : [])))];
  return [
    ...recheckState({
      step: ops.length,
      reference: rt,
      ids,
      sut: new Map(ids.map((id) => [id, shows(id, rt.observe(id))])),
      ledger: ledger === undefined ? 'unsupported' : new Map(signatures.map((s) => [s, ledger(s, rt.ledger.get(s))])),
      lastObserved,
    }),
  ];
}

const only = (found: RecheckFinding[]): RecheckFinding => {
  expect(found.map((f) => f.key)).toHaveLength(1);
  return found[0] as RecheckFinding;
};

const pruned: Operation[] = [raw('a', 'alpha', { persist: true }), raw('b', 'beta'), { kind: 'prune', spanId: 'a' }];

describe('recheckState', () => {
  it('finds nothing when the system shows what the reference does', () => {
    expect(recheck({ ops: pruned })).toEqual([]);
    expect(recheck({ ops: [{ kind: 'callTool', signature: 'f()', requestId: 'r1' }], ledger: (_s, held) => held })).toEqual([]);
  });

  it('a span that silently left: INV-03, since the step it was last seen resident', () => {
    const found = only(recheck({ ops: pruned, shows: (id, o) => (id === 'b' ? { ...o, resident: undefined } : o), lastObserved: (id) => (id === 'b' ? { step: 2, observation: { spanId: 'b', resident: {} as never, index: undefined, tombstone: undefined } } : undefined) }));
    expect(found.key).toBe('residency:b');
    expect(found.finding.invariant).toBe('INV-03');
    expect(found.finding.because.slice(0, 4)).toEqual([
      'recheck after step 3: every id and signature the episode touched, re-observed',
      'b was resident in the system after step 2',
      'after step 3 it is not, and no step since step 2 answered that it left the window',
      'no directive evicted b: a span leaves the window only through the gate, never silently',
    ]);
    expect(found.finding.resume).toBeUndefined();
  });

  it('a span that silently left and was never seen resident says so without a step', () => {
    const found = only(recheck({ ops: pruned, shows: (id, o) => (id === 'b' ? { ...o, resident: undefined } : o) }));
    expect(found.finding.because).toContain('after step 3 it is not, and no step answered that it left the window');
  });

  it('an evicted span shown resident again: DIFFERENTIAL, with the eviction', () => {
    const view = new ReferenceRuntime({ capacity: 100 });
    view.apply(raw('a', 'alpha'));
    const resident = view.observe('a').resident;
    const found = only(recheck({ ops: pruned, shows: (id, o) => (id === 'a' ? { ...o, resident } : o) }));
    expect([found.key, found.finding.invariant]).toEqual(['residency:a', 'DIFFERENTIAL']);
    expect(found.finding.because).toContain('a is resident in the system after step 3');
    expect(found.finding.because).toContain('a left the window at step 3 (evicted as reversible)');
  });

  it('a tombstone gone after it was seen: INV-01 with the step that showed it, and the run may go on', () => {
    const found = only(recheck({ ops: pruned, shows: (id, o) => (id === 'a' ? { ...o, tombstone: undefined } : o), lastObserved: (id) => ({ step: 2, observation: { spanId: id, resident: undefined, index: undefined, tombstone: {} as never } }) }));
    expect([found.key, found.finding.invariant, found.finding.resume]).toEqual(['tombstone:a', 'INV-01', 'continue']);
    expect(found.finding.because).toContain('a was evicted as reversible at step 3');
    expect(found.finding.because).toContain('after step 2 the external tombstone store held a record of a');
    expect(found.finding.because).toContain('after step 3 it has none');
  });

  it('a tombstone whose fields changed is judged field by field', () => {
    const found = recheck({ ops: pruned, shows: (id, o) => (id === 'a' && o.tombstone !== undefined ? { ...o, tombstone: { ...o.tombstone, digest: 'f'.repeat(64) } } : o) });
    expect(found.map((f) => f.key)).toEqual(['tombstone:INV-01:a']);
    expect(found[0]?.finding.because.join('\n')).toMatch(/digest/);
  });

  it("an evicted span's marker gone: the entry the window held before", () => {
    const found = only(recheck({ ops: pruned, shows: (id, o) => (id === 'a' ? { ...o, index: undefined } : o), lastObserved: (id) => ({ step: 2, observation: { spanId: id, resident: undefined, index: { kind: 'handle' } as never, tombstone: undefined } }) }));
    expect([found.key, found.finding.resume]).toEqual(['marker:a', 'continue']);
    expect(found.finding.because).toContain('a was evicted as reversible at step 3');
    expect(found.finding.because).toContain("after step 2 the window held its 'handle' entry");
  });

  it('a floor flag flipped: INV-07 for a raw span, with why it is floored', () => {
    const found = only(recheck({ ops: pruned, shows: (id, o) => (id === 'b' && o.resident !== undefined ? { ...o, resident: { ...o.resident, floored: false } } : o) }));
    expect([found.key, found.finding.invariant, found.finding.resume]).toEqual(['floored:b', 'INV-07', 'continue']);
    expect(found.finding.because).toContain('b is not on the retention floor in the system after step 3');
    expect(found.finding.because).toContain('b was never copied to the backing store (not persisted when appended, never persisted since)');
  });

  it('a floor flag on a persisted raw span and on a derived one: not floored, and why', () => {
    const ops: Operation[] = [raw('a', 'alpha', { persist: true }), { kind: 'append', span: { id: 'd', kind: 'derived', content: 'from a', sources: ['a'] } }];
    const found = recheck({ ops, shows: (_id, o) => (o.resident === undefined ? o : { ...o, resident: { ...o.resident, floored: true } }) });
    expect(found.map((f) => [f.key, f.finding.invariant])).toEqual([
      ['floored:a', 'INV-07'],
      ['floored:d', 'INV-08'],
    ]);
    expect(found[0]?.finding.because).toContain('a has a resolvable pointer, so it is not floored');
    expect(found[1]?.finding.because).toContain('d is not floored: no re-frame flipped its derivability while it had no resolvable pointer');
  });

  it('content changed behind the model: DIFFERENTIAL quoting both, long text cut at 60 characters', () => {
    const long = 'x'.repeat(100);
    const found = only(recheck({ ops: [raw('b', long)], shows: (_id, o) => (o.resident === undefined ? o : { ...o, resident: { ...o.resident, content: 'changed' } }) }));
    expect([found.key, found.finding.invariant]).toEqual(['content:b', 'DIFFERENTIAL']);
    expect(found.finding.because).toContain(`b's content in the system is "changed"`);
    expect(found.finding.because).toContain(`the bytes last appended, edited or restored are "${'x'.repeat(60)}…": a runtime keeps them exactly`);
  });

  it('a retention score that drifted: DIFFERENTIAL, and the reference may adopt it', () => {
    const found = only(recheck({ ops: [raw('b', 'beta', { score: 0.7 })], shows: (_id, o) => (o.resident === undefined ? o : { ...o, resident: { ...o.resident, score: 0.2 } }) }));
    expect([found.key, found.finding.resume]).toEqual(['score:b', 'adopt-scores']);
    expect(found.finding.because).toContain("b's retention score is 0.2");
    expect(found.finding.because).toContain("by the reference's record it is 0.7");
  });

  it('a ledger that forgot a signature or holds another attempt: INV-09 for each', () => {
    const ops: Operation[] = [
      { kind: 'callTool', signature: 'f()', requestId: 'r1' },
      { kind: 'callTool', signature: 'g()', requestId: 'r2', status: 'failed' },
    ];
    const found = recheck({ ops, ledger: (s, held) => (s === 'f()' ? undefined : held === undefined ? held : { ...held, requestId: 'zz' }) });
    expect(found.map((f) => [f.key, f.finding.invariant, f.finding.resume])).toEqual([
      ['ledger:f()', 'INV-09', 'continue'],
      ['ledger:g()', 'INV-09', 'continue'],
    ]);
    expect(found[0]?.finding.because).toContain('after step 2 the external request ledger holds nothing for f()');
    expect(found[1]?.finding.because).toContain('after step 2 the external request ledger holds zz (failed) for g()');
    expect(found[1]?.finding.because).toContain("it must hold r2 (failed), the attempt of step 2 that decides the signature's next call: the accepted one, else the latest");
  });
});
