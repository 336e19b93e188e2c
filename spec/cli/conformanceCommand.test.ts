import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { BUILTIN_ADAPTERS } from '../../src/subjects/builtins.ts';
import { BROKEN_POLICY_PRUNERS } from '../../src/subjects/policy/broken/index.ts';
import { POLICY_ADAPTERS } from '../../src/subjects/policy/index.ts';
import { NONDETERMINISTIC_ZOO, ZOO_EXPECTATIONS } from '../../src/subjects/zoo/index.ts';
import { createConformanceCommand, DEFAULT_CONFORMANCE_SEED, expectationFor, policyExpectationFor } from '../../src/cli/conformanceCommand.ts';
import type { ConformanceMatrix } from '../../src/report/conformanceMatrix.ts';
import type { CheckOptions } from '../../src/run/CheckOptions.ts';
import type { CheckReport } from '../../src/run/CheckReport.ts';
import { runCommand } from '../helpers/cli.ts';
import { conformantReport, violation, violationReport } from '../helpers/reports.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OWN_POLICY = POLICY_ADAPTERS.filter((e) => !e.ecosystem).map((e) => e.name);

/** Engines that find exactly the expected invariant of broken runtimes and pruners (nothing when not `honest`). */
function fakeEngine(honest: boolean) {
  const calls: { adapter: string; options: CheckOptions | undefined }[] = [];
  const answer = (name: string, expected: string | undefined, seed: number): CheckReport => {
    if (honest && NONDETERMINISTIC_ZOO.some(([a]) => a.name === name)) return violationReport({ adapter: name, seed, verdict: 'diverged', violations: [violation({ invariant: 'INV-03' })] });
    if (!honest || expected === undefined) return conformantReport({ adapter: name, seed });
    const v = violation({ invariant: expected as never, replay: `npx prunecheck replay ${dir}/counterexamples/${name}-${expected}-1.json` });
    return violationReport({ adapter: name, seed, violations: [v] });
  };
  const command = createConformanceCommand({
    checkAdapter: async (adapter, options) => {
      calls.push({ adapter: adapter.name, options });
      return answer(adapter.name, ZOO_EXPECTATIONS[adapter.name], options?.seed ?? 0);
    },
    checkPolicyAdapter: async (adapter, options) => {
      calls.push({ adapter: adapter.name, options: options as CheckOptions });
      return answer(adapter.name, BROKEN_POLICY_PRUNERS.find((b) => b.adapter.name === adapter.name)?.caughtBy, options?.seed ?? 0);
    },
  });
  return { command, calls };
}

describe('prunecheck conformance', () => {
  it('expects the reference conformant, zoo members caught on their invariant, baselines failing', () => {
    const byName = (name: string) => BUILTIN_ADAPTERS.find((a) => a.name === name) as Adapter;
    expect(expectationFor(byName('reference'))).toBe('conformant');
    expect(expectationFor(byName('no-external-tombstone'))).toBe('INV-01');
    expect(expectationFor(byName('naive'))).toBe('violation');
    expect(policyExpectationFor('archiving-window')).toBe('conformant');
    expect(policyExpectationFor('broken-drops-system')).toBe('INV-19');
    expect(policyExpectationFor('broken-no-archive')).toBe('INV-01');
  });

  it('checks every built-in runtime and own policy pruner with one seed and writes the matrix under --out-dir', async () => {
    const { command, calls } = fakeEngine(true);
    const out = join(dir, 'all');
    const { code, stdout } = await runCommand(command, ['--out-dir', out, '--runs', '5']);
    expect(calls.map((c) => c.adapter)).toEqual([...BUILTIN_ADAPTERS.map((a) => a.name), ...OWN_POLICY]);
    expect(OWN_POLICY).toContain('archiving-window');
    expect(OWN_POLICY).not.toContain('langchain-summarization');
    for (const c of calls) expect(c.options).toMatchObject({ seed: DEFAULT_CONFORMANCE_SEED, runs: 5, adapterRef: c.adapter, outDir: join(out, 'counterexamples') });
    // The fake engine reports the baselines conformant, so they are the unexpected ones.
    expect(code).toBe(1);
    expect(stdout).toContain(`prunecheck conformance: ${BUILTIN_ADAPTERS.length + OWN_POLICY.length} runtimes, seed 1, 5 runs each`);
    expect(stdout).toMatch(/no-external-tombstone +violation \(INV-01 at step 4\) — expected INV-01: ok/);
    expect(stdout).toMatch(/naive +conformant — expected violation: UNEXPECTED/);
    const matrix = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as ConformanceMatrix;
    expect(matrix.rows).toHaveLength(BUILTIN_ADAPTERS.length + OWN_POLICY.length);
    expect(stdout).toMatch(/broken-drops-system +violation \(INV-19 at step 4\) — expected INV-19: ok/);
    expect(matrix.summary.unexpected).toEqual(['naive', 'conservative']);
    const markdown = readFileSync(join(out, 'conformance.md'), 'utf8');
    expect(markdown).toContain('# prunecheck conformance matrix');
    expect(markdown).toContain(`npx prunecheck replay ${dir}/counterexamples/no-external-tombstone-INV-01-1.json`);
  });

  it('exits 0 when every selected runtime behaves as expected', async () => {
    const { command } = fakeEngine(true);
    const { code, stdout } = await runCommand(command, ['--only', 'reference,trusts-safe-claim,archiving-window,broken-splits-tool-pairs', '--out-dir', join(dir, 'ok'), '--seed', '9']);
    expect(code).toBe(0);
    expect(stdout).toContain('4/4 runtimes behaved as expected');
  });

  it('exits 1 naming a broken runtime that was not caught', async () => {
    const { command } = fakeEngine(false);
    const { code, stdout } = await runCommand(command, ['--only', 'reference,trusts-safe-claim,broken-drops-system', '--out-dir', join(dir, 'missed')]);
    expect(code).toBe(1);
    expect(stdout).toContain('1/3 runtimes behaved as expected; unexpected: trusts-safe-claim, broken-drops-system');
  });

  it('refuses unknown names in --only with the list of built-ins', async () => {
    const { command, calls } = fakeEngine(true);
    const { code, stderr } = await runCommand(command, ['--only', 'reference,nope']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--only names built-in adapters separated by commas; unknown: nope; built-ins: reference, naive/);
    expect(calls).toHaveLength(0);
  });
});
