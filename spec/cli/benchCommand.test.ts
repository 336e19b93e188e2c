import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchCommand } from '../../src/cli/benchCommand.ts';
import { COMMANDS } from '../../src/cli/commands.ts';
import type { AdapterBenchReport } from '../../src/run/bench/AdapterBenchReport.ts';
import { runCommand } from '../helpers/cli.ts';
import { parseXml } from '../helpers/xml.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Small sizes, few iterations, two cheap paths: the test is about the command, not the figures.
const quick = ['--sizes', '50,200', '--time', '2', '--iterations', '2'];

describe('prunecheck bench', () => {
  it('is listed among the commands', async () => {
    expect(await COMMANDS.find((c) => c.name === 'bench')?.load()).toBe(benchCommand);
  });

  it('benchmarks the reference beside itself and the floor, and writes JSON, Markdown and the chart under --out', async () => {
    const out = join(dir, 'ref');
    const { code, stdout, stderr } = await runCommand(benchCommand, ['--adapter', 'reference', ...quick, '--paths', 'lookup-resident,floor-hash', '--out', out]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/\[1\/\d+\] 50 reference lookup-resident: .* per call/);
    expect(stdout).toContain('lookup (resident)');
    expect(stdout).toContain(`wrote ${out}.json`);
    const text = readFileSync(`${out}.json`, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "format": "prunecheck-bench-adapter/1"');
    const report = JSON.parse(text) as AdapterBenchReport;
    expect(report).toMatchObject({ mode: 'runtime', reference: 'reference', sizes: [50, 200], transport: 'in-process', clock: 'cpu' });
    expect(report.command).toBe(`prunecheck bench --adapter reference --sizes 50,200 --seed ${report.seed} --paths lookup-resident,floor-hash`);
    expect(new Set(report.costs.map((c) => `${c.role} ${c.path}`))).toEqual(new Set(['pruner lookup-resident', 'reference lookup-resident', 'floor floor-hash']));
    expect(report.growth.map((g) => g.path).sort()).toEqual(['floor-hash', 'lookup-resident', 'lookup-resident']);
    const md = readFileSync(`${out}.md`, 'utf8');
    expect(md).toContain('![cost per call against size](ref.svg)');
    expect(md).toContain('prunecheck bench --adapter reference');
    expect(parseXml(readFileSync(`${out}.svg`, 'utf8')).name).toBe('svg');
  });

  it('benchmarks a policy pruner beside archiving-window', async () => {
    const out = join(dir, 'policy');
    const { code } = await runCommand(benchCommand, ['--adapter', 'bench-flat-window', ...quick, '--paths', 'step-no-prune', '--out', out]);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(`${out}.json`, 'utf8')) as AdapterBenchReport;
    expect(report).toMatchObject({ mode: 'policy', reference: 'archiving-window' });
    expect(report.costs.filter((c) => c.path === 'step-no-prune').map((c) => c.role)).toEqual(['pruner', 'reference', 'pruner', 'reference']);
  });

  it('gives the same workload for the same seed', async () => {
    const outs = [join(dir, 'seed-a'), join(dir, 'seed-b')];
    for (const out of outs) expect((await runCommand(benchCommand, ['--adapter', 'reference', ...quick, '--paths', 'floor-copy', '--seed', '7', '--out', out])).code).toBe(0);
    const [a, b] = outs.map((out) => JSON.parse(readFileSync(`${out}.json`, 'utf8')) as AdapterBenchReport);
    expect(a?.command).toBe(b?.command);
    expect(a?.memory.map((m) => m.contentBytesPerItem)).toEqual(b?.memory.map((m) => m.contentBytesPerItem));
  });

  it.each([
    [[], /--adapter is required/],
    [['--adapter', 'reference', '--sizes', '1000'], /at least two distinct sizes/],
    [['--adapter', 'reference', '--sizes', '1000,abc'], /--sizes takes positive integers.*'abc'/],
    [['--adapter', 'reference', '--sizes', '5,1000'], /size 5: every size must be an integer from 10/],
    [['--adapter', 'reference', '--paths', 'episode'], /paths episode: not a runtime-mode path; known: prune-reversible/],
    [['--adapter', 'no-such-pruner'], /--adapter: unknown adapter 'no-such-pruner'/],
    [['--adapter', 'reference', '--out', ''], /--out needs a path/],
  ])('refuses %j with a usage error that says how to fix it', async (argv, message) => {
    const { code, stderr } = await runCommand(benchCommand, argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
