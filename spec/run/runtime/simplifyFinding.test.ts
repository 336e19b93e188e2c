import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import type { RuntimeConfig } from '../../../src/model/ReferenceRuntime.ts';
import { FindingError } from '../../../src/run/FindingError.ts';
import { claimsOf } from '../../../src/run/runtime/checkAdapter.ts';
import { runTrace } from '../../../src/run/runtime/confirmFinding.ts';
import { simplifyFinding } from '../../../src/run/runtime/simplifyFinding.ts';
import { drive, testRuntime } from '../../helpers/drive.ts';
import { MINIMAL_TRACES } from '../../../src/subjects/zoo/minimalTraces.ts';
import type { RestoreOp } from '../../../src/model/Operation.ts';
import type { Rejected, Restored, WindowFull } from '../../../src/model/Outcome.ts';
import { ReferenceRuntime } from '../../../src/model/ReferenceRuntime.ts';
import { derived, raw } from '../../helpers/model.ts';
import { falseFacts } from '../../helpers/verifyFacts.ts';

const roomy = { capacity: 1_000 };

/** Refuses a restore that does not fit as "not recoverable", though the copy is there: a DIFFERENTIAL and no rule. */
class CallsFullUnrecoverable extends ReferenceRuntime {
  protected override restore(op: RestoreOp): Restored | Rejected | WindowFull {
    const outcome = super.restore(op);
    return outcome.kind === 'window-full' ? { kind: 'rejected', spanId: op.spanId, reason: 'not-recoverable' } : outcome;
  }
}
const absent = findBuiltin('answers-absent-for-pruned') as Adapter;
const simplify = async (ops: readonly Operation[], adapter = absent, config: RuntimeConfig = roomy) => {
  const driven = await drive(adapter, ops, { config, finish: true });
  if (driven.finding === undefined) throw new Error('the long road does not fail');
  const error = new FindingError(driven.finding, config, [...driven.driver.trace], [...driven.driver.outcomes], [...driven.driver.observations]);
  return { error, simplest: await simplifyFinding(error, (trace) => runTrace(adapter, config, trace, claimsOf(adapter), 5_000, 30_000, 16)) };
};

describe('simplifying a shrunk finding (issue 11: shrinking to the minimum)', () => {
  it.each([
    ['a copy rotated out after a reversible eviction', [raw('a', 'the request id', { persist: true }), { kind: 'prune', spanId: 'a' }, { kind: 'rotate' }, { kind: 'lookup', spanId: 'a' }]],
    ['the sources of a derivable eviction compacted away', [raw('a', 'list'), derived('b', 'count of a', ['a'], { score: 0.1 }), derived('c', 'twice b', ['b'], { score: 0 }), { kind: 'compact', threshold: 0.5 }, { kind: 'lookup', spanId: 'c' }]],
    ['a derivation ended by a re-frame', [raw('a', 'list'), derived('b', 'count of a', ['a'], { score: 0 }), { kind: 'compact', threshold: 0.5 }, { kind: 'reframe', frame: 'explain' }, { kind: 'lookup', spanId: 'b' }]],
  ] as const)('%s: the same INV-04 finding on the shortest road, append, prune accepting loss, lookup', async (_road, ops) => {
    const { error, simplest } = await simplify(ops);
    expect(error.finding.invariant).toBe('INV-04');
    expect(simplest.finding.invariant).toBe('INV-04');
    expect(simplest.trace.map((op) => op.kind)).toEqual(['append', 'prune', 'lookup']);
    expect(simplest.trace[1]).toMatchObject({ acceptLossy: true });
    const facts = (simplest.finding.clauses ?? []).flatMap((c) => (c.about === 'system' ? c.facts : []));
    expect(await falseFacts(absent, roomy, simplest.trace, facts)).toEqual([]);
  });

  // markers-never-fold at seed 13 (an 18-token window, 4 a line): shrinking left three 4-token spans and two notices,
  // one of them written by a re-frame's floor, and fast-check never raises a span's tokens.
  it('a crowded index reached through a re-frame and three small spans: the same INV-29 finding with two spans and two refusals', async () => {
    const neverFold = findBuiltin('markers-never-fold') as Adapter;
    const tight = { capacity: 18, markerTokens: 4 };
    const ops: Operation[] = [
      raw('a', 'the error', { tokens: 4, score: 0 }),
      { kind: 'summarize', summaryId: 'sa', sourceIds: ['a'], content: 'gist of a', tokens: 4, score: 0 },
      derived('d', 'from a', ['a'], { tokens: 4, score: 0 }),
      { kind: 'reframe', frame: 'explain' },
      { kind: 'prune', spanId: 'd', acceptLossy: true },
      { kind: 'summarize', summaryId: 'ssa', sourceIds: ['sa'], content: 'gist of sa', tokens: 1, score: 0 },
    ];
    const { error, simplest } = await simplify(ops, neverFold, tight);
    expect([error.finding.invariant, error.trace.length]).toEqual(['INV-29', 6]);
    expect([simplest.finding.invariant, simplest.trace.length]).toEqual(['INV-29', 4]);
    expect(simplest.trace.filter((op) => op.kind === 'append' || op.kind === 'summarize' || op.kind === 'prune').length).toBe(4);
    const facts = (simplest.finding.clauses ?? []).flatMap((c) => (c.about === 'system' ? c.facts : []));
    expect(await falseFacts(neverFold, tight, simplest.trace, facts)).toEqual([]);
  });

  // Issue 22's known gaps, each the shrunk trace fast-check left at a seed (zooAt36Seeds.soak.test.ts): simplifying
  // now ends within the minimal trace + 1 (src/subjects/zoo/minimalTraces.ts), with clauses true for the system.
  it.each([
    // checks-store-at-summarize at seed 3: the stale check reached through a summary, copied later, of a summary.
    ['checks-store-at-summarize', 'INV-03', { capacity: 156, markerTokens: 15 }, [
      raw('e', 'id: account ABC-123', { tokens: 67, score: 0, persist: false, rawKind: 'identifier' }),
      { kind: 'summarize', summaryId: 's1', sourceIds: ['e'], content: 'summary of e', tokens: 67, score: 0 },
      { kind: 'persist', spanId: 's1' },
      { kind: 'summarize', summaryId: 's2', sourceIds: ['s1'], content: 'x', tokens: 7, score: 0, escalate: true },
      { kind: 'rotate' },
      { kind: 'prune', spanId: 's1', acceptLossy: true },
    ]],
    // markers-never-fold at seed 6: the crowding line a refused summary of a summary, a big span edited small.
    ['markers-never-fold', 'INV-29', { capacity: 131, markerTokens: 15 }, [
      raw('a', 'user: where is config.yaml?', { tokens: 90, score: 0.1, rawKind: 'user' }),
      { kind: 'edit', spanId: 'a', content: 'tool: build passed in 42 s; artifact X-17 (request req-6) (revised, draft 4)' },
      raw('b', 'tool: stack frame at db/migrate.ts:118', { tokens: 2, score: 0, rawKind: 'tool-output' }),
      raw('c', 'derived from b: 88 chars', { tokens: 89, score: 0, rawKind: 'other' }),
      { kind: 'summarize', summaryId: 'sb', sourceIds: ['b'], content: 'summary of b', tokens: 4, score: 0 },
      { kind: 'summarize', summaryId: 'ssb', sourceIds: ['sb'], content: 'handled rate limiting', tokens: 8, score: 0.1 },
      { kind: 'prune', spanId: 'b', acceptLossy: true },
    ]],
    // markers-never-fold at seed 21: a planned flood of one-token spans (it shrinks by deleting steps only).
    ['markers-never-fold', 'INV-29', { capacity: 12, markerTokens: 3 }, [
      raw('r', 'user: where is config.yaml?', { tokens: 1, score: 0.1, rawKind: 'user' }),
      ...['p', 'q', 's', 't'].map((id) => raw(id, `tool: output ${id}`, { tokens: 1, score: 0.1, persist: true, rawKind: 'tool-output' })),
      { kind: 'compact', threshold: 0.6 },
    ]],
  ] as const)('%s (%s): a long road fast-check could not shorten, simplified to the minimal trace or one step more', async (name, invariant, config, ops) => {
    const adapter = findBuiltin(name) as Adapter;
    const { error, simplest } = await simplify(ops, adapter, config);
    expect([error.finding.invariant, error.trace.length]).toEqual([invariant, ops.length]);
    expect(simplest.finding.invariant).toBe(invariant);
    expect(simplest.trace.length).toBeLessThanOrEqual((MINIMAL_TRACES[name]?.length ?? 0) + 1);
    const facts = (simplest.finding.clauses ?? []).flatMap((c) => (c.about === 'system' ? c.facts : []));
    expect(await falseFacts(adapter, config, simplest.trace, facts)).toEqual([]);
  });

  // ignores-content-change at seed 18: the re-frame floors the edited span, so the system refuses the re-eviction
  // too, for another reason (a DIFFERENTIAL). Without the re-frame it evicts what changed: INV-02, the rule it breaks.
  it('a DIFFERENTIAL a simpler trace explains is reported as the rule it breaks, on the minimal trace', async () => {
    const ignores = findBuiltin('ignores-content-change') as Adapter;
    const config = { capacity: 24, markerTokens: 6 };
    const ops: Operation[] = [
      raw('a', 'user: the file is cafe.txt', { tokens: 6, score: 0.5, persist: false, rawKind: 'user' }),
      derived('d', 'derived from a: 60 chars', ['a', 'a'], { tokens: 12, score: 0, persist: false }),
      { kind: 'reframe', frame: 'frame-1' },
      { kind: 'persist', spanId: 'd' },
      { kind: 'prune', spanId: 'd', acceptLossy: true },
      { kind: 'restore', spanId: 'd' },
      { kind: 'edit', spanId: 'd', content: 'changed' },
      { kind: 'prune', spanId: 'd', acceptLossy: true },
    ];
    const { error, simplest } = await simplify(ops, ignores, config);
    expect([error.finding.invariant, error.trace.length]).toEqual(['DIFFERENTIAL', 8]);
    expect(error.finding.because.join(' / ')).toMatch(/"content-changed" in the reference and "floored" in the system/);
    expect([simplest.finding.invariant, simplest.trace.length]).toEqual(['INV-02', MINIMAL_TRACES['ignores-content-change']?.length]);
    const facts = (simplest.finding.clauses ?? []).flatMap((c) => (c.about === 'system' ? c.facts : []));
    expect(await falseFacts(ignores, config, simplest.trace, facts)).toEqual([]);
  });

  it('a DIFFERENTIAL no rule explains stays a DIFFERENTIAL', async () => {
    const mislabels = testRuntime('calls-full-unrecoverable', (c) => new CallsFullUnrecoverable(c));
    const ops: Operation[] = [raw('s2', 'x'.repeat(160), { persist: true }), { kind: 'prune', spanId: 's2' }, raw('s3', 'y'.repeat(280)), { kind: 'restore', spanId: 's2' }];
    const { error, simplest } = await simplify(ops, mislabels, { capacity: 100 });
    expect([error.finding.invariant, simplest.finding.invariant]).toEqual(['DIFFERENTIAL', 'DIFFERENTIAL']);
    expect(simplest.trace.length).toBeLessThanOrEqual(error.trace.length);
  });

  it('keeps a finding it cannot make shorter or simpler as it was, and spends no more than its budget', async () => {
    const ops = [raw('a', 'x'), { kind: 'prune', spanId: 'a', acceptLossy: true }, { kind: 'lookup', spanId: 'a' }] as const;
    const { error, simplest } = await simplify(ops);
    expect(simplest.trace).toEqual(error.trace);
    let runs = 0;
    await simplifyFinding(error, async (trace) => ((runs += 1), runTrace(absent, roomy, trace, claimsOf(absent), 5_000, 30_000, 16)), 2);
    expect(runs).toBe(2);
  });
});
