import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import type { RuntimeConfig } from '../../../src/model/ReferenceRuntime.ts';
import { FindingError } from '../../../src/run/FindingError.ts';
import { claimsOf } from '../../../src/run/runtime/checkAdapter.ts';
import { runTrace } from '../../../src/run/runtime/confirmFinding.ts';
import { simplifyFinding } from '../../../src/run/runtime/simplifyFinding.ts';
import { drive } from '../../helpers/drive.ts';
import { derived, raw } from '../../helpers/model.ts';
import { falseFacts } from '../../helpers/verifyFacts.ts';

const roomy = { capacity: 1_000 };
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

  it('keeps a finding it cannot make shorter or simpler as it was, and spends no more than its budget', async () => {
    const ops = [raw('a', 'x'), { kind: 'prune', spanId: 'a', acceptLossy: true }, { kind: 'lookup', spanId: 'a' }] as const;
    const { error, simplest } = await simplify(ops);
    expect(simplest.trace).toEqual(error.trace);
    let runs = 0;
    await simplifyFinding(error, async (trace) => ((runs += 1), runTrace(absent, roomy, trace, claimsOf(absent), 5_000, 30_000, 16)), 2);
    expect(runs).toBe(2);
  });
});
