import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import { checkOnWorkers, conformanceOnWorkers, workerOutcome } from '../../helpers/workerRuns.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-workers-soak-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The soak tier of workers.test.ts (which runs ignores-content-change at seed 2, no-external-tombstone and a
// four-runtime matrix of 100 runs a row in `npm test`): more seeds and subjects, the reference at seed 1 (200 runs),
// and the six-runtime matrix at each engine's default runs.
describe('--workers at more seeds and runtimes (soak tier)', () => {
  it.each([
    ['reference', 1, 200],
    ['reference', 4, 120],
    ['trusts-safe-claim', 3, 120],
    ['ignores-content-change', 1, 120],
  ] as const)('%s at seed %i (%i runs): workers 1 and 2 agree', async (name, seed, runs) => {
    const adapter = findBuiltin(name) as Adapter;
    const one = await checkOnWorkers(dir, adapter, name, seed, runs, 1);
    const two = await checkOnWorkers(dir, adapter, name, seed, runs, 2);
    expect(workerOutcome(two)).toEqual(workerOutcome(one));
    if (one.violations.length > 0) expect(readdirSync(join(dir, `${name}-${seed}-2`))).toEqual(readdirSync(join(dir, `${name}-${seed}-1`)));
  });

  it('the conformance matrix of six runtimes is the same on 1 and 2 workers (verdicts, cells, runs and findings)', async () => {
    const only = 'reference,opaque-handles,trusts-safe-claim,ignores-content-change,stale-replica,archiving-window';
    expect(await conformanceOnWorkers(dir, only, 2)).toEqual(await conformanceOnWorkers(dir, only, 1));
  });
});
