import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import type { AppendOp, Operation } from '../../../src/model/Operation.ts';
import type { Counterexample } from '../../../src/run/CheckReport.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { replayCounterexample } from '../../../src/run/runtime/replayCounterexample.ts';
import { forgetsTombstones, keepsLatestMarker, leaks, showsLatestSignature } from '../../helpers/decayingRuntimes.ts';
import { drive } from '../../helpers/drive.ts';
import { raw } from '../../helpers/model.ts';
import { falseFacts } from '../../helpers/verifyFacts.ts';

const call = (signature: string, requestId: string): Operation => ({ kind: 'callTool', signature, requestId });
const lossy = (spanId: string): Operation => ({ kind: 'prune', spanId, acceptLossy: true });
const CASES: readonly { readonly adapter: Adapter; readonly invariant: string; readonly ops: readonly Operation[] }[] = [
  { adapter: leaks, invariant: 'INV-03', ops: [raw('a', 'alpha'), raw('b', 'beta'), raw('c', 'gamma')] },
  { adapter: forgetsTombstones, invariant: 'INV-01', ops: [raw('a', 'alpha'), lossy('a'), raw('b', 'beta'), raw('c', 'gamma'), raw('d', 'delta')] },
  { adapter: keepsLatestMarker, invariant: 'INV-03', ops: [raw('a', 'alpha'), raw('b', 'beta'), lossy('a'), lossy('b')] },
  { adapter: showsLatestSignature, invariant: 'INV-09', ops: [call('POST /a', 'r1'), call('POST /b', 'r2')] },
];
/** The ones whose decay no later step shows either: only a recheck finds them. */
const ONLY_RECHECKED = CASES.slice(1);
/**
 * The seed each is checked with. Since issue 22 default runs restore and look up long-evicted spans often enough
 * that forgets-old-tombstones is also seen (as DIFFERENTIAL, on the step naming the span) at seeds 1, 4 and 5
 * before any recheck; at seed 3 its INV-01 is found with rechecks only, as this test asks.
 */
const SEED_OF: Readonly<Record<string, number>> = { 'forgets-old-tombstones': 3 };

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-recheck-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('every state rechecked (issue 11)', () => {
  it.each(CASES.map((c) => [c.adapter.name, c.invariant, c] as const))('%s: state no step names decays; the recheck at the end finds %s, with clauses true for the system', async (_name, invariant, { adapter, ops }) => {
    expect((await drive(adapter, ops)).finding, 'no step check sees it').toBeUndefined();
    expect((await drive(adapter, ops, { finish: true, recheckEvery: 0 })).finding, 'nor an episode without rechecks').toBeUndefined();
    const driven = await drive(adapter, ops, { finish: true });
    expect([driven.finding?.invariant, driven.step]).toEqual([invariant, ops.length]);
    const clauses = driven.finding?.clauses ?? [];
    expect(clauses[0]?.text).toBe(`recheck after step ${ops.length}: every id and signature the episode touched, re-observed`);
    for (const clause of clauses.filter((c) => c.about === 'system')) expect(clause.facts.length, clause.text).toBeGreaterThan(0);
    const facts = clauses.flatMap((c) => (c.about === 'system' ? c.facts : []));
    expect(await falseFacts(adapter, { capacity: 10_000 }, ops, facts)).toEqual([]);
  });

  it('rechecks every 16 steps as well: state that decays early is found there, not only at the end', async () => {
    const pad = (n: number): AppendOp[] => Array.from({ length: n }, (_, i) => raw(`p${i}`, `padding ${i}`, { persist: true }));
    const ops = [raw('a', 'alpha'), raw('b', 'beta'), raw('c', 'gamma'), ...pad(20)];
    expect((await drive(leaks, ops)).step).toBe(16);
    expect((await drive(leaks, ops, { recheckEvery: 5 })).step).toBe(5);
  });

  it.each(ONLY_RECHECKED.map((c) => [c.adapter.name, c.invariant, c.adapter] as const))('the generated suite finds %s (%s) only with rechecks, and its counterexample replays', async (name, invariant, adapter) => {
    const seed = SEED_OF[name] ?? 1;
    const without = await checkAdapter(adapter, { seed, outDir, examples: false, recheckEvery: 0 });
    expect(without.violations.map((v) => v.invariant)).not.toContain(invariant);
    const report = await checkAdapter(adapter, { seed, outDir, examples: false, adapterRef: name });
    expect([report.verdict, report.violations[0]?.invariant]).toEqual(['violation', invariant]);
    const file = report.violations[0]?.counterexample ?? '';
    const cx = JSON.parse(readFileSync(file, 'utf8')) as Counterexample;
    expect(cx.recheckEvery).toBe(16);
    const replayed = await replayCounterexample(file, { adapter });
    expect(replayed.kind, replayed.detail).toBe('reproduced');
  });
});
