import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../src/run/CheckReport.ts';
import { runCli } from '../helpers/cli.ts';

// `check` and `replay` dispatch policy-mode adapters (message-list pruners) to the policy engine.
const dir = mkdtempSync(join(tmpdir(), 'prunecheck-policy-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('policy mode through the CLI', () => {
  it('check finds a broken pruner, writes its counterexample, and replay reproduces it', async () => {
    const cx = join(dir, 'cx');
    const out = join(dir, 'report.json');
    const check = await runCli(['check', '--adapter', 'broken-drops-system', '--seed', '3', '--counterexamples', cx, '--reporter', 'json', '--out', out]);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('broken-drops-system is a policy-mode adapter');
    const report = JSON.parse(readFileSync(out, 'utf8')) as CheckReport & { mode: string };
    expect(report).toMatchObject({ mode: 'policy', verdict: 'violation', seed: 3 });
    const file = join(cx, 'broken-drops-system-INV-19-3.json');
    expect(report.violations.map((v) => v.counterexample)).toContain(file);
    expect(existsSync(file)).toBe(true);

    const replay = await runCli(['replay', file]);
    expect(replay.stdout).toMatch(/^reproduced: INV-19 breaks again in round \d+/m);
    expect(replay.code).toBe(1);

    const wrongMode = await runCli(['replay', file, '--adapter', 'reference']);
    expect(wrongMode.code).toBe(2);
    expect(wrongMode.stderr).toContain('is a policy-mode counterexample but --adapter reference is a runtime-mode adapter');
  });

  // 40 conversations: SPEC 1.2's situations (a retraction, unfinished work, a standing instruction at a prune) are more than 10 reach at seed 2.
  it('a module whose default export is a policy adapter is checked in policy mode', async () => {
    const module = join(import.meta.dirname, '..', '..', 'src', 'subjects', 'policy', 'archivingWindow.ts');
    const { code, stderr, stdout } = await runCli(['check', '--adapter', module, '--runs', '40', '--seed', '2', '--counterexamples', join(dir, 'module')]);
    expect(stderr).toContain('archiving-window is a policy-mode adapter');
    expect(stdout).toContain('verdict: conformant');
    expect(code).toBe(0);
  });

  // Issue 27: a user's adapter module with findings printed no situations, so nothing said the evidence was thin.
  it("a user's adapter module with findings: the report still says which situations were reached and never reached, and the step budget", async () => {
    const module = join(import.meta.dirname, 'fixtures', 'twoFlaws.ts');
    const { code, stdout } = await runCli(['check', '--adapter', module, '--runs', '3', '--seed', '3', '--counterexamples', join(dir, 'two-flaws')]);
    expect(code).toBe(1);
    expect(stdout).toContain('verdict: violation');
    expect(stdout).toMatch(/\n\ndangerous situations reached: \d+\/\d+/);
    expect(stdout).toMatch(/per-step budget \d+ ms.* \(median step of the first 3 cases: \d+ ms over \d+ steps\); --op-timeout sets it/);
    expect(stdout).toContain('cases unknown (timeout): 0 of 3');
  });

  it('refuses runtime-only flags for a policy adapter', async () => {
    const { code, stderr } = await runCli(['check', '--adapter', 'broken-drops-system', '--time-limit', '5']);
    expect(code).toBe(2);
    expect(stderr).toContain('--time-limit does not apply to policy-mode adapters such as broken-drops-system');
  });

  it('an unknown name lists the runtime and the policy-mode built-ins', async () => {
    const { code, stderr } = await runCli(['check', '--adapter', 'langchain']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown adapter 'langchain'; built-ins: reference, .*; policy-mode built-ins: langchain-summarization, /);
  });

  it('list shows the policy-mode adapters and what the broken ones break', async () => {
    const { stdout } = await runCli(['list', '--json']);
    const parsed = JSON.parse(stdout) as { policyAdapters: { name: string; ecosystem: boolean; breaks?: string[] }[] };
    expect(parsed.policyAdapters.find((a) => a.name === 'langchain-summarization')).toMatchObject({ ecosystem: true });
    expect(parsed.policyAdapters.find((a) => a.name === 'broken-silent-drop')?.breaks).toEqual(['INV-03', 'INV-09']);
  });
});
