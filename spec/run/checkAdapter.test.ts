import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archivingWindowAdapter } from '../../src/subjects/policy/archivingWindow.ts';
import { runtimeAdapter } from '../../src/adapters/runtimeAdapter.ts';
import { checkAdapter, CheckOptionsError, replayCounterexample } from '../../src/index.ts';
import { TrustsSafeClaim } from '../../src/subjects/zoo/TrustsSafeClaim.ts';
import { runCli } from '../helpers/cli.ts';
import myPruner from './fixtures/myPruner.ts';
import myRuntime from './fixtures/myRuntime.ts';

// The one public checkAdapter: every kind of adapter, one report type, replay commands that work as printed.
const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-one-api-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const lines = (report: Awaited<ReturnType<typeof checkAdapter>>): string[] => report.violations.map((v) => `${v.invariant}: ${v.replay}`);

describe('checkAdapter takes every kind of adapter', () => {
  it('a policy adapter gets the policy engine (issue 12, problem 3: it used to throw a TypeError)', async () => {
    const report = await checkAdapter(archivingWindowAdapter, { runs: 40, seed: 2, outDir });
    expect(report.mode).toBe('policy');
    expect(report.verdict).toBe('conformant');
    expect(report.invariants.find((i) => i.invariant === 'INV-17')?.status).toBe('passed');
  });

  it('a runtime adapter gets the runtime engine, with the same report fields', async () => {
    const report = await checkAdapter('trusts-safe-claim', { seed: 1, outDir });
    expect(report.mode).toBe('runtime');
    expect(lines(report)).toEqual([`INV-03: npx prunecheck replay ${join(outDir, 'trusts-safe-claim-INV-03-1.json')}`]);
    expect(JSON.parse(readFileSync(join(outDir, 'trusts-safe-claim-INV-03-1.json'), 'utf8'))).toMatchObject({ adapterRef: 'trusts-safe-claim' });
  });

  it('a cmd: runtime by its command line, recorded so that replay starts it again', async () => {
    const report = await checkAdapter('cmd:python3 examples/python/broken_runtime.py', { seed: 1, outDir });
    expect(report.mode).toBe('runtime');
    expect(report.violations[0]?.invariant).toBe('INV-03');
    const file = report.violations[0]?.counterexample ?? '';
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ adapterRef: 'cmd:python3 examples/python/broken_runtime.py' });
    // A file names code to run: replay runs it when told to (issue 15: a counterexample file is data).
    await expect(replayCounterexample(file)).rejects.toThrow(/replaying it would run code named by a file/);
    expect((await replayCounterexample(file, { trust: true })).kind).toBe('reproduced');
  });

  it('options a policy engine cannot honour are refused, naming the option', async () => {
    await expect(checkAdapter(archivingWindowAdapter, { timeLimitSeconds: 1 })).rejects.toThrow(CheckOptionsError);
    await expect(checkAdapter('archiving-window', { timeLimitSeconds: 1 })).rejects.toThrow(/^timeLimitSeconds does not apply to policy-mode adapters such as archiving-window/);
  });
});

describe('replay commands printed from inside a test need no extra option (issue 12, problem 4)', () => {
  it('a policy adapter imported by the test: the counterexample names its module, and `prunecheck replay <file>` reproduces', async () => {
    const report = await checkAdapter(myPruner, { runs: 20, seed: 3, outDir });
    const [violation] = report.violations;
    expect(violation?.invariant).toBe('INV-17');
    // The printed command names the module, so replay runs it without trusting the file (issue 15).
    expect(violation?.replay).toBe(`npx prunecheck replay ${join(outDir, 'my-pruner-INV-17-3.json')} --adapter ./spec/run/fixtures/myPruner.ts`);
    expect(JSON.parse(readFileSync(violation?.counterexample ?? '', 'utf8'))).toMatchObject({ adapterRef: './spec/run/fixtures/myPruner.ts' });
    const replay = await runCli(['replay', violation?.counterexample ?? '', '--adapter', './spec/run/fixtures/myPruner.ts']);
    expect(replay.stdout).toMatch(/^reproduced: INV-17 breaks again/m);
    expect(replay.code).toBe(1);
  });

  it('a runtime adapter imported by the test: the same', async () => {
    const report = await checkAdapter(myRuntime, { seed: 1, outDir });
    const file = report.violations[0]?.counterexample ?? '';
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ adapter: 'my-runtime', adapterRef: './spec/run/fixtures/myRuntime.ts' });
    expect(report.violations[0]?.replay).toBe(`npx prunecheck replay ${file} --adapter ./spec/run/fixtures/myRuntime.ts`);
    const replay = await runCli(['replay', file, '--adapter', './spec/run/fixtures/myRuntime.ts']);
    expect(replay.stdout).toMatch(/^reproduced: INV-03 again/m);
    expect((await replayCounterexample(file, { trust: true })).mode).toBe('runtime');
  });

  it('when the module cannot be known, the printed command says what to add, and replay says how to name it', async () => {
    const made = runtimeAdapter('made-by-a-helper', 'built with prunecheck’s runtimeAdapter helper', (config) => new TrustsSafeClaim(config));
    const report = await checkAdapter(made, { seed: 1, outDir });
    const file = join(outDir, 'made-by-a-helper-INV-03-1.json');
    expect(lines(report)).toEqual([`INV-03: npx prunecheck replay ${file} --adapter <module whose default export is made-by-a-helper>`]);
    await expect(replayCounterexample(file)).rejects.toMatchObject({
      code: 'UNKNOWN_ADAPTER',
      message: `${file} names adapter 'made-by-a-helper', which is neither a built-in nor a module path; name the adapter's module: npx prunecheck replay ${file} --adapter ./path/to/adapter.ts (from code: replayCounterexample(file, { adapter }))`,
    });
    expect((await replayCounterexample(file, { adapter: made })).kind).toBe('reproduced');
  });

  it('an explicit adapterRef still wins', async () => {
    const report = await checkAdapter(myPruner, { runs: 20, seed: 3, outDir: join(outDir, 'explicit'), adapterRef: './elsewhere.ts' });
    expect(JSON.parse(readFileSync(report.violations[0]?.counterexample ?? '', 'utf8'))).toMatchObject({ adapterRef: './elsewhere.ts' });
  });
});
