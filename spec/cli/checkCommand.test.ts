import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { createCheckCommand } from '../../src/cli/checkCommand.ts';
import { AUTO_WORKERS_MIN_RUNS, defaultWorkers } from '../../src/run/parallel/checkRuns.ts';
import type { CheckOptions } from '../../src/run/CheckOptions.ts';
import type { CheckReport } from '../../src/run/CheckReport.ts';
import { parseXml } from '../helpers/xml.ts';
import { conformantReport, errorReport, violationReport } from '../helpers/reports.ts';
import { runCli, runCommand } from '../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A check command whose engine answers `report` and records what it was asked. */
function fakeCheck(report: CheckReport) {
  const calls: { adapter: Adapter; options: CheckOptions | undefined }[] = [];
  const command = createCheckCommand({
    checkAdapter: async (adapter, options) => {
      calls.push({ adapter, options });
      options?.onProgress?.({ adapter: adapter.name, runsDone: 1, runsTotal: 1, opsChecked: 3, elapsedMs: 1, violations: 0 });
      return report;
    },
  });
  return { command, calls };
}

describe('prunecheck check: arguments', () => {
  it.each([
    [[], /--adapter is required; e\.g\. 'prunecheck check --adapter reference'/],
    [['--adapter'], /option '--adapter <value>' argument missing/],
    [['--adapter', 'reference', '--runs', 'many'], /--runs must be an integer from 1 to 10000000, got 'many'; e\.g\. --runs 200/],
    [['--adapter', 'reference', '--runs', '0'], /--runs must be an integer/],
    [['--adapter', 'reference', '--seed', '1.5'], /--seed must be an integer/],
    [['--adapter', 'reference', '--time-limit', '0'], /--time-limit must be a positive number, got '0'/],
    [['--adapter', 'reference', '--reporter', 'xml'], /--reporter must be one of pretty, json, junit, markdown, got 'xml'/],
    [['--adapter', 'reference', '--verbose'], /unknown option '--verbose'; options: --adapter, --runs, --seed/],
    [['--adapter', 'reference', 'extra'], /unexpected argument 'extra'/],
    [['--adapter', 'reference', '--adapter', 'naive'], /--adapter was given more than once/],
    [['--adapter', 'reference', '--workers', '0'], /--workers must be an integer from 1 to 1024, got '0'; e\.g\. --workers \d+/],
    [['--adapter', 'reference', '--workers', 'all'], /--workers must be an integer from 1 to 1024, got 'all'/],
    [['--adapter', 'reference', '--shard', '0/3'], /--shard 0\/3 names shard 0 of 3, but shards are numbered 1 to 3; e\.g\. --shard 1\/3/],
    [['--adapter', 'reference', '--shard', '4/3'], /--shard 4\/3 names shard 4 of 3, but shards are numbered 1 to 3; e\.g\. --shard 3\/3/],
    [['--adapter', 'reference', '--shard', '1/0'], /--shard 1\/0 splits the check into 0 shards; n must be 1 or more/],
    [['--adapter', 'reference', '--shard', 'two'], /--shard must be i\/n \(shard i of n\), got 'two'; e\.g\. --shard 1\/3/],
    [['--adapter', 'reference', '--shard', '1/3', '--update-expectations'], /--shard does not take known findings/],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const { command, calls } = fakeCheck(conformantReport());
    const { code, stderr, stdout } = await runCommand(command, argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('an unknown adapter name exits 2 and lists the built-ins', async () => {
    const { command } = fakeCheck(conformantReport());
    const { code, stderr } = await runCommand(command, ['--adapter', 'refrence']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown adapter 'refrence'; built-ins: reference, naive, conservative, .*no-external-tombstone/);
  });

  it('a missing adapter module exits 2 naming the path', async () => {
    const { command } = fakeCheck(conformantReport());
    const { code, stderr } = await runCommand(command, ['--adapter', './no/such/adapter.ts']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/adapter module .*no\/such\/adapter\.ts does not exist/);
  });

  it('passes the flags to the engine', async () => {
    const { command, calls } = fakeCheck(conformantReport());
    await runCommand(command, ['--adapter', 'reference', '--runs', '20', '--seed', '7', '--time-limit', '1.5', '--max-steps', '30', '--op-timeout', '100', '--counterexamples', dir]);
    expect(calls[0]?.adapter.name).toBe('reference');
    expect(calls[0]?.options).toMatchObject({ runs: 20, seed: 7, timeLimitSeconds: 1.5, maxSteps: 30, opTimeoutMs: 100, outDir: dir, adapterRef: 'reference' });
  });

  it('--workers defaults to every core from 10,000 runs, and to 1 below; a given --workers wins', async () => {
    const workersFor = async (argv: string[]) => {
      const { command, calls } = fakeCheck(conformantReport());
      await runCommand(command, ['--adapter', 'reference', ...argv]);
      return calls[0]?.options?.workers;
    };
    expect(await workersFor([])).toBe(1);
    expect(await workersFor(['--runs', String(AUTO_WORKERS_MIN_RUNS - 1)])).toBe(1);
    expect(await workersFor(['--runs', String(AUTO_WORKERS_MIN_RUNS)])).toBe(defaultWorkers());
    expect(await workersFor(['--runs', String(AUTO_WORKERS_MIN_RUNS), '--workers', '1'])).toBe(1);
    expect(await workersFor(['--workers', '3'])).toBe(3);
  });

  it('leaves the seed to the engine when none is given', async () => {
    const { command, calls } = fakeCheck(conformantReport());
    await runCommand(command, ['--adapter', 'reference']);
    expect(calls[0]?.options?.seed).toBeUndefined();
  });
});

describe('prunecheck check: verdicts and output', () => {
  it.each([
    ['conformant', conformantReport(), 0],
    ['violation', violationReport(), 1],
    ['diverged', violationReport({ verdict: 'diverged' }), 1],
    ['error', errorReport(), 1],
    ['unknown', conformantReport({ verdict: 'unknown', error: 'never reached: pressure-at-capacity' }), 1],
  ] as const)('%s exits %i', async (_name, report, exit) => {
    const { command } = fakeCheck(report);
    expect((await runCommand(command, ['--adapter', 'reference'])).code).toBe(exit);
  });

  it('prints the seed, every replay command, and a re-run command with the same flags', async () => {
    const { command } = fakeCheck(violationReport());
    const { stdout } = await runCommand(command, ['--adapter', 'reference', '--runs', '20']);
    expect(stdout).toContain('seed 42 · 200 runs');
    for (const v of violationReport().violations) expect(stdout).toContain(`replay: ${v.replay}`);
    expect(stdout).toContain('re-run with the same seed: npx prunecheck check --adapter reference --seed 42 --runs 20\n');
  });

  it('--reporter json owns stdout; the seed and replay commands go to stderr', async () => {
    const { command } = fakeCheck(violationReport());
    const { stdout, stderr } = await runCommand(command, ['--adapter', 'reference', '--reporter', 'json']);
    expect(JSON.parse(stdout)).toEqual(violationReport());
    expect(stderr).toContain('prunecheck: no-tombstone violation (seed 42, 200 runs); re-run: npx prunecheck check --adapter reference --seed 42');
    expect(stderr).toContain('replay: npx prunecheck replay reports/counterexamples/no-tombstone-INV-04-42.json');
  });

  it('--out writes the report (creating directories) and still prints the summary', async () => {
    const { command } = fakeCheck(violationReport());
    const out = join(dir, 'nested', 'deeper', 'check.xml');
    const { code, stdout } = await runCommand(command, ['--adapter', 'reference', '--reporter', 'junit', '--out', out]);
    expect(code).toBe(1);
    expect(parseXml(readFileSync(out, 'utf8')).name).toBe('testsuites');
    expect(stdout).toContain('verdict: violation');
    expect(stdout).toContain(`junit report written to ${out}`);
  });

  it.each([
    ['report.json', '{\n  "adapter"'],
    ['report.XML', '<?xml version="1.0"'],
    ['report.md', '# prunecheck check:'],
    ['report.txt', 'prunecheck check no-tombstone'],
  ])('without --reporter, --out %s picks the reporter from the extension', async (name, start) => {
    const { command } = fakeCheck(violationReport());
    const out = join(dir, 'by-extension', name);
    await runCommand(command, ['--adapter', 'reference', '--out', out]);
    expect(readFileSync(out, 'utf8').startsWith(start)).toBe(true);
  });

  it('--reporter markdown prints the Markdown report', async () => {
    const { command } = fakeCheck(conformantReport());
    const { stdout } = await runCommand(command, ['--adapter', 'reference', '--reporter', 'markdown']);
    expect(stdout.startsWith('# prunecheck check: reference — conformant\n')).toBe(true);
  });
});

describe('prunecheck check --help', () => {
  it('documents the flags and exit codes', async () => {
    const { code, stdout } = await runCli(['check', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--adapter <ref>');
    expect(stdout).toContain('Exit codes: 0 conformant; 1 a violation, an adapter error, a timeout, or an unknown verdict');
  });
});
