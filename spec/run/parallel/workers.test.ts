import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import { commandAdapter } from '../../../src/adapters/protocol/commandAdapter.ts';
import { liveGroups } from '../../../src/adapters/protocol/processGroups.ts';
import type { Counterexample } from '../../../src/run/CheckReport.ts';
import { checkRuns } from '../../../src/run/parallel/checkRuns.ts';
import { FIXTURES, runBin } from '../../helpers/faults.ts';
import { checkOnWorkers, conformanceOnWorkers, workerOutcome } from '../../helpers/workerRuns.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-workers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const check = (adapter: Adapter, ref: string, seed: number, runs: number, workers: number) => checkOnWorkers(dir, adapter, ref, seed, runs, workers);
const outcome = workerOutcome;

// Each check on two workers starts two threads that load the checker again (about 1.3 s of CPU each from the
// TypeScript sources), so `npm test` runs two failing checks and a four-runtime matrix of 100 runs a row (its
// reference row is the passing check on 1 and 2 workers); the reference at seed 1, the other seeds and the
// six-runtime matrix at each engine's default runs are workersMatrix.soak.test.ts (`npm run test:soak`).
describe('--workers: the same verdict and counterexample for any number of workers', () => {
  it.each([
    ['ignores-content-change', 2, 120],
    ['no-external-tombstone', 2, 60],
  ] as const)('%s at seed %i (%i runs): workers 1 and 2 agree', async (name, seed, runs) => {
    const adapter = findBuiltin(name) as Adapter;
    const one = await check(adapter, name, seed, runs, 1);
    const two = await check(adapter, name, seed, runs, 2);
    expect(outcome(two)).toEqual(outcome(one));
    // Only this test's own counterexample is left: the worker's unshrunk save was replaced by the shrunk one.
    if (one.violations.length > 0) expect(readdirSync(join(dir, `${name}-${seed}-2`))).toEqual(readdirSync(join(dir, `${name}-${seed}-1`)));
  });

  it('a cmd: runtime on two workers (a child each) agrees with one worker; no child is left', async () => {
    const ref = 'cmd:python3 examples/python/broken_runtime.py';
    // Counted against what the process held before: files sharing this worker (isolate: false) may hold their own.
    const groupsBefore = liveGroups();
    const adapter = await commandAdapter('python3 examples/python/broken_runtime.py');
    const one = await check(adapter, ref, 1, 40, 1);
    const two = await check(adapter, ref, 1, 40, 2);
    await adapter.drain();
    expect(one.verdict).not.toBe('conformant');
    expect(outcome(two)).toEqual(outcome(one));
    expect(liveGroups()).toBe(groupsBefore);
  });

  it('bad worker counts and shards are refused naming the option, and so is an adapter a worker cannot load', async () => {
    await expect(checkRuns(findBuiltin('reference') as Adapter, { runs: 5, workers: 0 })).rejects.toThrow(/workers must be a whole number of threads, 1 or more, got 0; e\.g\. workers: 2/);
    await expect(checkRuns(findBuiltin('reference') as Adapter, { runs: 5, shard: { index: 4, count: 3 } })).rejects.toThrow(/shard\.index must be from 1 to shard\.count \(3\), got 4/);
    await expect(checkRuns({ ...(findBuiltin('reference') as Adapter) }, { runs: 40, workers: 2 })).rejects.toThrow(/workers: reference has no adapterRef a worker thread can load it from/);
  });

  it('a shard on two workers records the same chunks as on one', async () => {
    const adapter = findBuiltin('reference') as Adapter;
    const shard = { index: 2, count: 3 };
    const one = await checkRuns(adapter, { seed: 2, runs: 100, workers: 1, shard, adapterRef: 'reference', outDir: join(dir, 'shard-1') });
    const two = await checkRuns(adapter, { seed: 2, runs: 100, workers: 2, shard, adapterRef: 'reference', outDir: join(dir, 'shard-2') });
    expect(two.shard?.chunks).toEqual(one.shard?.chunks);
    expect(outcome(two)).toEqual(outcome(one));
  });

  // --in-process: a module is otherwise supervised in a process of its own, where no stall monitor is needed.
  it('a synchronous busy loop in a worker thread (--in-process) is caught as in one process: TIMEOUT at that step, saved, exit 1', async () => {
    const out = join(dir, 'busy');
    const result = await runBin(['check', '--adapter', join(FIXTURES, 'misbehavingAdapter.ts'), '--in-process', '--runs', '40', '--workers', '2', '--seed', '1', '--op-timeout', '100', '--counterexamples', out], {
      env: { PRUNECHECK_FAULT: 'busy-loop', PRUNECHECK_FAULT_AT: '5' },
      killAfterMs: 60_000,
    });
    expect(result.signal, 'the process had to be killed: the busy loop hung it').toBeNull();
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/apply blocked the process for more than 100 ms .*stuck in apply in .*misbehavingAdapter\.ts\)/);
    const [file] = readdirSync(out);
    const cx = JSON.parse(readFileSync(join(out, file ?? ''), 'utf8')) as Counterexample;
    expect(cx).toMatchObject({ invariant: 'TIMEOUT', step: 5 });
  });

  // A passing row, a row with a finding, stale-replica's diverged row and a policy-mode row (archiving-window), at
  // 100 runs a row; the six-runtime matrix at each engine's default runs is in the soak tier.
  it('the conformance matrix of 100 runs a row is the same on 1 and 2 workers (verdicts, cells, runs and findings)', async () => {
    const only = 'reference,ignores-content-change,stale-replica,archiving-window';
    const two = await conformanceOnWorkers(dir, only, 2, 100);
    const one = await conformanceOnWorkers(dir, only, 1, 100);
    expect(two).toEqual(one);
    // Each row as the matrix expects it at 100 runs, so what agreed is a passing row, a finding and a divergence.
    expect(one.map((r) => [r.runtime, r.verdict, r.asExpected])).toEqual([
      ['reference', 'conformant', true],
      ['ignores-content-change', 'violation', true],
      ['stale-replica', 'diverged', true],
      ['archiving-window', 'conformant', true],
    ]);
  });
});
