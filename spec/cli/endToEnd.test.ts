import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConformanceMatrix } from '../../src/report/conformanceMatrix.ts';
import type { CheckReport, Counterexample } from '../../src/run/CheckReport.ts';
import { runCli } from '../helpers/cli.ts';

// The real engine behind the CLI, with small run counts; everything is written under a temporary directory.
const dir = mkdtempSync(join(tmpdir(), 'prunecheck-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prunecheck end to end', () => {
  // 20 runs are too few for every dangerous situation to be reached (the engine then answers `unknown`).
  it('check --adapter reference --runs 200 --seed 1 is conformant (exit 0)', async () => {
    const { code, stdout } = await runCli(['check', '--adapter', 'reference', '--runs', '200', '--seed', '1', '--counterexamples', join(dir, 'ref')]);
    expect(stdout).toContain('seed 1 · 200 runs');
    expect(stdout).toContain('verdict: conformant');
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'ref'))).toBe(false);
  });

  it('a zoo member exits 1, writes its counterexample, and replay reproduces it', async () => {
    const cx = join(dir, 'zoo');
    const out = join(dir, 'zoo-report.json');
    const check = await runCli(['check', '--adapter', 'trusts-safe-claim', '--seed', '1', '--counterexamples', cx, '--reporter', 'json', '--out', out]);
    expect(check.code).toBe(1);
    const report = JSON.parse(readFileSync(out, 'utf8')) as CheckReport;
    expect(report.verdict).toBe('violation');
    const [violation] = report.violations;
    expect(violation?.invariant).toBe('INV-03');
    expect(violation?.counterexample).toBe(join(cx, 'trusts-safe-claim-INV-03-1.json'));
    expect(check.stdout).toContain(`replay: ${violation?.replay ?? ''}`);
    const file = JSON.parse(readFileSync(violation?.counterexample ?? '', 'utf8')) as Counterexample;
    expect(file).toMatchObject({ format: 'prunecheck-counterexample/1', adapterRef: 'trusts-safe-claim', invariant: 'INV-03', seed: 1 });

    const replay = await runCli(['replay', violation?.counterexample ?? '']);
    expect(replay.stdout).toMatch(/^reproduced: /m);
    expect(replay.code).toBe(1);

    const fixed = await runCli(['replay', violation?.counterexample ?? '', '--adapter', 'reference']);
    expect(fixed.stdout).toMatch(/^passed: /m);
    expect(fixed.code).toBe(0);
  });

  it('replay of a runtime that changed without a new version says "diverged (nondeterminism)" (exit 1)', async () => {
    const cx = join(dir, 'switched');
    const adapter = join(import.meta.dirname, 'fixtures', 'envSwitchedAdapter.ts');
    process.env['PRUNECHECK_TEST_BROKEN'] = '1';
    let check;
    try {
      check = await runCli(['check', '--adapter', adapter, '--seed', '1', '--counterexamples', cx, '--reporter', 'json']);
    } finally {
      delete process.env['PRUNECHECK_TEST_BROKEN'];
    }
    expect(check.code).toBe(1);
    const report = JSON.parse(check.stdout) as CheckReport;
    const file = report.violations[0]?.counterexample ?? '';
    expect(file).toBe(join(cx, 'env-switched-INV-03-1.json'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ adapterRef: adapter });

    // The file names a module: replay runs it only when trusted (issue 15).
    expect((await runCli(['replay', file])).code).toBe(2);
    const replay = await runCli(['replay', file, '--trust']);
    expect(replay.stdout).toMatch(/^diverged \(nondeterminism\): /m);
    expect(replay.code).toBe(1);
  });

  it('conformance writes the matrix for the selected runtimes', async () => {
    const out = join(dir, 'conformance');
    const { code, stdout } = await runCli(['conformance', '--only', 'trusts-safe-claim,no-external-tombstone', '--out-dir', out]);
    expect(stdout).toContain('2/2 runtimes behaved as expected');
    expect(code).toBe(0);
    const matrix = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as ConformanceMatrix;
    expect(matrix.rows.map((r) => [r.runtime, r.cells[r.expected as 'INV-01']])).toEqual([
      ['no-external-tombstone', 'violated'],
      ['trusts-safe-claim', 'violated'],
    ]);
    expect(readFileSync(join(out, 'conformance.md'), 'utf8')).toContain('| no-external-tombstone | INV-01 | violation | yes |');
    expect(existsSync(join(out, 'counterexamples', 'trusts-safe-claim-INV-03-1.json'))).toBe(true);
  });

  // Exit-2 paths that had no test of their message (issue 12: every exit-2 path has one).
  it('an unknown command, and a scenario path that is a directory, exit 2 saying what to do', async () => {
    const unknown = await runCli(['frob']);
    expect([unknown.code, unknown.stderr]).toEqual([2, "prunecheck: unknown command 'frob'; commands: check, replay, merge, list, conformance, ecosystem, bench, scenario, audit, demo\n"]);
    const notAFile = await runCli(['scenario', dir]);
    expect(notAFile.code).toBe(2);
    expect(notAFile.stderr).toContain(`${dir}: is not a regular file; name a scenario .json file`);
  });
});
