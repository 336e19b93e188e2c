import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';
import { loadAdapter } from '../../src/subjects/loadAdapter.ts';
import { referenceAdapter } from '../../src/subjects/reference.ts';
import { applicableSituations } from '../../src/gen/runtime/situations.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';
import { runCli } from '../helpers/cli.ts';
import { faultyAdapter } from '../helpers/faultyAdapters.ts';
import { scratch } from '../helpers/faults.ts';

// Issue 15, class "verdict": verdicts and messages are true, whatever the adapter or the flags do.
const temp = scratch('verdict');

describe('wrong verdicts and unclear messages (issue 15, items 22–27)', () => {
  it('item 22: a --time-limit that stops the check before every situation is reached is never conformant', async () => {
    for (const timeLimitSeconds of [0.001, 0.05]) {
      const report = await checkAdapter(referenceAdapter, { seed: 1, timeLimitSeconds, outDir: temp() });
      const unreached = applicableSituations(referenceAdapter.capabilities.operations).filter((s) => (report.situations[s] ?? 0) === 0);
      if (report.verdict === 'conformant') expect(unreached).toEqual([]);
      else expect(report.error).toMatch(/the time limit \(.* s\) stopped the check after \d+ of 300 runs/);
    }
    const cut = await checkAdapter(referenceAdapter, { seed: 1, timeLimitSeconds: 0.001, outDir: temp() });
    expect(cut.verdict).toBe('unknown');
    expect(cut.invariants.filter((i) => i.status === 'passed')).toEqual([]);
  });

  it('item 23: an adapter that changes the config it is given cannot corrupt the reference: an adapter error, not a spurious INV-13', async () => {
    const rewrites: Adapter = { ...referenceAdapter, name: 'rewrites-config', create: (config) => referenceAdapter.create(Object.assign(config, { capacity: 1 })) };
    const report = await checkAdapter(rewrites, { runs: 5, seed: 1, outDir: temp() });
    expect(report.verdict).toBe('error');
    expect(report.violations[0]?.invariant).toBe('ADAPTER-ERROR');
    expect(report.violations[0]?.because.join(' ')).toMatch(/Cannot assign to read only property 'capacity'/);
  });

  it('item 24: --time-limit 0.001 is a clear unknown verdict, never "the harness failed: null"', async () => {
    const result = await runCli(['check', '--adapter', 'reference', '--seed', '1', '--time-limit', '0.001', '--counterexamples', temp()]);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('harness failed');
    expect(result.stdout).toContain('verdict: unknown');
    expect(result.stdout).toMatch(/the time limit \(0\.001 s\) stopped the check after 0 of 300 runs/);
  });

  it('item 26: a 3 MB string from the adapter is quoted in messages and files cut to a bounded length, saying how long it was', async () => {
    const huge = 'k'.repeat(3_000_000);
    const dir = temp();
    const report = await checkAdapter(faultyAdapter('huge-kind', (op) => (op.kind === 'lookup' ? { kind: huge, spanId: op.spanId } : undefined)), { runs: 10, seed: 1, examples: false, outDir: dir });
    expect(report.verdict).toBe('error');
    const because = report.violations[0]?.because ?? [];
    for (const line of because) expect(line.length).toBeLessThan(2_200);
    expect(because.join(' ')).toMatch(/characters omitted/);
    const file = report.violations[0]?.counterexample ?? '';
    expect(statSync(file).size).toBeLessThan(200_000);
    expect(readFileSync(file, 'utf8')).toMatch(/of 30000\d\d characters omitted/);
  });
});

describe('replay wording and messages (issue 15, items 25 and 27)', () => {
  async function found(dir: string): Promise<string> {
    const report = await checkAdapter(findBuiltin('trusts-safe-claim') as Adapter, { runs: 30, seed: 1, examples: false, outDir: dir });
    return report.violations[0]?.counterexample ?? '';
  }

  it('item 25: a file whose invariant was edited is not called nondeterminism: every operation answered as recorded', async () => {
    const file = await found(temp());
    const cx = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...cx, invariant: 'INV-05' }));
    const replay = await runCli(['replay', file]);
    expect(replay.code).toBe(1);
    expect(replay.stdout).not.toContain('nondeterminism)');
    expect(replay.stdout).toMatch(/^diverged \(not explained by the answers: see why\): a different finding at step \d+ \(INV-03; the file records INV-05 .*every operation answered as recorded/m);
  });

  it('item 25: a file replayed against another adapter says so, whether it passes or not', async () => {
    const file = await found(temp());
    const passed = await runCli(['replay', file, '--adapter', 'reference']);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toMatch(/^ {2}note: replayed against reference 1\.0\.0, not the recorded trusts-safe-claim 1\.0\.0: the result says nothing about trusts-safe-claim$/m);
    expect(passed.stdout).toMatch(/^passed: reference 1\.0\.0 runs all \d+ steps without violating an invariant; replayed against reference/m);
    expect(passed.stderr).toContain(`names adapter trusts-safe-claim; replaying against --adapter reference`);
  });

  it('item 27: 1e999 is said to be too large, not "got null"; a null outcome is not "got {}"; a missing default export is named', async () => {
    const dir = temp();
    const file = await found(dir);
    const cx = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...cx, config: { capacity: 1 } }).replace('"capacity":1', '"capacity":1e999'));
    const capacity = await runCli(['replay', file]);
    expect(capacity.code).toBe(2);
    expect(capacity.stderr).toMatch(/field 'config\.capacity' must be a positive integer, got Infinity \(a number too large to represent, such as 1e999\)/);

    const child = join(dir, 'null-outcome.mjs');
    writeFileSync(child, NULL_OUTCOME_CHILD);
    const adapter = await loadAdapter(`cmd:${process.execPath} ${child}`);
    const system = await adapter.create({ capacity: 100 });
    await expect(Promise.resolve(system.apply({ kind: 'lookup', spanId: 's' }))).rejects.toThrow(/must be \{"outcome": \{"kind": …, …\}\}, got an answer whose outcome is null or missing$/);
    await system.close?.();

    const noDefault = join(dir, 'no-default.mjs');
    writeFileSync(noDefault, 'export const adapter = {};\n');
    const load = await runCli(['check', '--adapter', noDefault]);
    expect(load.code).toBe(2);
    expect(load.stderr).toContain(`${noDefault} has no default export; add \`export default adapter\``);
    expect(load.stderr).not.toContain('default export  ');
  });
});

const NULL_OUTCOME_CHILD = `import { createInterface } from 'node:readline';
const ops = ['append', 'lookup'];
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method } = JSON.parse(line);
  const result = method === 'hello' ? { protocol: 1, name: 'null-outcome', version: '1', capabilities: { operations: ops, invariants: [] } } : method === 'apply' ? { outcome: null } : {};
  process.stdout.write(JSON.stringify({ id, result }) + '\\n');
});
`;
