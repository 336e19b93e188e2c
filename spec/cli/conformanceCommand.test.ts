import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { BUILTIN_ADAPTERS } from '../../src/adapters/builtins.ts';
import { ZOO_EXPECTATIONS } from '../../src/adapters/zoo/index.ts';
import { createConformanceCommand, DEFAULT_CONFORMANCE_SEED, expectationFor } from '../../src/cli/conformanceCommand.ts';
import type { ConformanceMatrix } from '../../src/report/conformanceMatrix.ts';
import type { CheckOptions } from '../../src/run/CheckOptions.ts';
import type { CheckReport } from '../../src/run/CheckReport.ts';
import { runCommand } from '../helpers/cli.ts';
import { conformantReport, violation, violationReport } from '../helpers/reports.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An engine that finds exactly the expected invariant for zoo members (or nothing when `honest` is off). */
function fakeEngine(honest: boolean) {
  const calls: { adapter: Adapter; options: CheckOptions | undefined }[] = [];
  const command = createConformanceCommand({
    checkAdapter: async (adapter, options): Promise<CheckReport> => {
      calls.push({ adapter, options });
      const expected = ZOO_EXPECTATIONS[adapter.name];
      if (!honest || expected === undefined) return conformantReport({ adapter: adapter.name, seed: options?.seed ?? 0 });
      const v = violation({ invariant: expected, replay: `npx prunecheck replay ${dir}/counterexamples/${adapter.name}-${expected}-1.json` });
      return violationReport({ adapter: adapter.name, seed: options?.seed ?? 0, violations: [v] });
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
  });

  it('checks every built-in with one seed and writes the matrix under --out-dir', async () => {
    const { command, calls } = fakeEngine(true);
    const out = join(dir, 'all');
    const { code, stdout } = await runCommand(command, ['--out-dir', out, '--runs', '5']);
    expect(calls.map((c) => c.adapter.name)).toEqual(BUILTIN_ADAPTERS.map((a) => a.name));
    for (const c of calls) expect(c.options).toMatchObject({ seed: DEFAULT_CONFORMANCE_SEED, runs: 5, adapterRef: c.adapter.name, outDir: join(out, 'counterexamples') });
    // The fake engine reports the baselines conformant, so they are the unexpected ones.
    expect(code).toBe(1);
    expect(stdout).toContain(`prunecheck conformance: ${BUILTIN_ADAPTERS.length} runtimes, seed 1, 5 runs each`);
    expect(stdout).toMatch(/no-external-tombstone +violation \(INV-01 at step 4\) — expected INV-01: ok/);
    expect(stdout).toMatch(/naive +conformant — expected violation: UNEXPECTED/);
    const matrix = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as ConformanceMatrix;
    expect(matrix.rows).toHaveLength(BUILTIN_ADAPTERS.length);
    expect(matrix.summary.unexpected).toEqual(['naive', 'conservative']);
    const markdown = readFileSync(join(out, 'conformance.md'), 'utf8');
    expect(markdown).toContain('# prunecheck conformance matrix');
    expect(markdown).toContain(`npx prunecheck replay ${dir}/counterexamples/no-external-tombstone-INV-01-1.json`);
  });

  it('exits 0 when every selected runtime behaves as expected', async () => {
    const { command } = fakeEngine(true);
    const { code, stdout } = await runCommand(command, ['--only', 'reference,trusts-safe-claim', '--out-dir', join(dir, 'ok'), '--seed', '9']);
    expect(code).toBe(0);
    expect(stdout).toContain('2/2 runtimes behaved as expected');
  });

  it('exits 1 naming a broken runtime that was not caught', async () => {
    const { command } = fakeEngine(false);
    const { code, stdout } = await runCommand(command, ['--only', 'reference,trusts-safe-claim', '--out-dir', join(dir, 'missed')]);
    expect(code).toBe(1);
    expect(stdout).toContain('1/2 runtimes behaved as expected; unexpected: trusts-safe-claim');
  });

  it('refuses unknown names in --only with the list of built-ins', async () => {
    const { command, calls } = fakeEngine(true);
    const { code, stderr } = await runCommand(command, ['--only', 'reference,nope']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--only names built-in adapters separated by commas; unknown: nope; built-ins: reference, naive/);
    expect(calls).toHaveLength(0);
  });
});
