import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DryRunStatus, MutantRunStatus, TestStatus, type MutantRunOptions } from '@stryker-mutator/api/test-runner';
import { ConformanceTestRunner, seedTestName } from '../../mutation/ConformanceTestRunner.ts';
import { parseKill } from '../../mutation/killMessage.ts';
import { ORACLE_DIR } from '../../mutation/paths.ts';
import { prepareCopy } from '../../mutation/prepareCopy.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ACTIVE = "(globalThis as { __stryker__?: { activeMutant?: string } }).__stryker__?.activeMutant";

/**
 * A copy with three hand-made mutants in the shape Stryker's instrumenter gives them (a switch on the active
 * mutant): '1' drops the append's capacity check when it runs, '2' throws while the module loads, and '4' drops it
 * through a module-level constant, which is live only if the module is evaluated with the mutant already active.
 */
function plantedCopy(): string {
  const copy = join(dir, 'sut', 'model');
  prepareCopy(ORACLE_DIR, copy);
  const append = join(copy, 'runAppend.ts');
  const guard = '  if (!rt.window.fits(tokens)) return rt.full(input.id, tokens);\n';
  const source = readFileSync(append, 'utf8');
  expect(source).toContain(guard);
  const planted = source.replace(guard, `  if (${ACTIVE} !== '1' && !STATIC_OFF && !rt.window.fits(tokens)) return rt.full(input.id, tokens);\n`);
  writeFileSync(append, `${planted}\nconst STATIC_OFF = ${ACTIVE} === '4';\n`);
  const runtime = join(copy, 'ReferenceRuntime.ts');
  writeFileSync(runtime, `${readFileSync(runtime, 'utf8')}\nif (${ACTIVE} === '2') throw new Error('planted: mutant 2 throws on load');\n`);
  return copy;
}

function mutant(id: string): MutantRunOptions {
  return {
    activeMutant: { id, fileName: 'runAppend.ts', mutatorName: 'planted', replacement: '', location: { start: { line: 0, column: 0 }, end: { line: 0, column: 0 } } },
    mutantActivation: 'static',
    reloadEnvironment: true,
    sandboxFileName: 'runAppend.ts',
    timeout: 600_000,
    disableBail: false,
  };
}

describe("the mutation run's test runner: the conformance check at each seed, on a fresh evaluation of the copy", () => {
  // 60 runs: at 40, seed 1 of today's generator reaches every situation but rotation-between-summarize-and-prune, so
  // the unmutated copy is 'unknown' (too little evidence) rather than conformant; the test is about the runner.
  const settings = { seeds: [1, 2], runs: 60 };
  const runner = new ConformanceTestRunner(plantedCopy(), settings);
  afterAll(() => runner.dispose());

  it('passes the unmutated copy at every seed in the dry run', async () => {
    const result = await runner.dryRun();
    expect(result.status).toBe(DryRunStatus.Complete);
    if (result.status !== DryRunStatus.Complete) return;
    expect(result.tests.map((t) => [t.name, t.status])).toEqual(settings.seeds.map((seed) => [seedTestName(seed, settings.runs), TestStatus.Success]));
  });

  it('kills a mutant live at run time with the verdict and finding, and lets an inactive one survive every seed', async () => {
    const killed = await runner.mutantRun(mutant('1'));
    expect(killed.status).toBe(MutantRunStatus.Killed);
    if (killed.status !== MutantRunStatus.Killed) return;
    expect(killed.killedBy).toEqual([seedTestName(1, settings.runs)]);
    expect(parseKill(killed.failureMessage)).toMatchObject({ verdict: 'violation', seed: 1 });
    expect(await runner.mutantRun(mutant('3'))).toEqual({ status: MutantRunStatus.Survived, nrOfTests: 2 });
  });

  it('evaluates the copy anew for each mutant: module-level mutants are live, and one that throws on load is killed', async () => {
    const viaConstant = await runner.mutantRun(mutant('4'));
    expect(viaConstant.status).toBe(MutantRunStatus.Killed);
    const onLoad = await runner.mutantRun(mutant('2'));
    expect(onLoad.status).toBe(MutantRunStatus.Killed);
    if (onLoad.status !== MutantRunStatus.Killed) return;
    expect(parseKill(onLoad.failureMessage)).toMatchObject({ verdict: 'error', invariant: 'ADAPTER-LOAD', seed: 1 });
    expect(onLoad.failureMessage).toContain('planted: mutant 2 throws on load');
    expect(await runner.mutantRun(mutant('3'))).toEqual({ status: MutantRunStatus.Survived, nrOfTests: 2 });
  });
});
