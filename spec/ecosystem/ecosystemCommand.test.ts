import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ecosystemCommand } from '../../src/cli/ecosystemCommand.ts';
import { UsageError } from '../../src/cli/UsageError.ts';
import type { EcosystemReport } from '../../src/report/policy/ecosystemReport.ts';

describe('prunecheck ecosystem', () => {
  it('writes ecosystem.md and .json with the matrix, each finding\'s lists and replay command, and removes stale files', async () => {
    const out = mkdtempSync(join(tmpdir(), 'prunecheck-eco-'));
    mkdirSync(join(out, 'counterexamples'));
    const stale = join(out, 'counterexamples', 'ai-prune-messages-INV-18-5.json');
    writeFileSync(stale, '{}');
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await ecosystemCommand.run(['--only', 'ai-prune-messages', '--runs', '30', '--seed', '5', '--out-dir', out, '--bench-sizes', '20,60'])).toBe(0);
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
    expect(existsSync(stale)).toBe(false);
    const json = JSON.parse(readFileSync(join(out, 'ecosystem.json'), 'utf8')) as EcosystemReport;
    expect(json.seed).toBe(5);
    expect(json.reports.map((r) => r.adapter)).toEqual(['ai-prune-messages']);
    const md = readFileSync(join(out, 'ecosystem.md'), 'utf8');
    expect(md).toMatch(/\| ai-prune-messages \| `ai@6\.0\.325` \| FAIL \(design\) \|/);
    const finding = json.reports[0]?.violations.find((v) => v.invariant === 'INV-09');
    expect(finding).toBeDefined();
    expect(md).toContain(finding?.replay ?? '?');
    expect(md).toContain('before:');
    expect(md).toContain('Deliberate design: request ids in removed tool-call inputs go with them');
    expect(md).toContain('INV-16 not claimed: Not applicable: pruneMessages calls no model.');
    expect(existsSync(finding?.counterexample ?? '')).toBe(true);
    // Then the benchmark of the same pruner, beside the reference and the floor, with its chart.
    expect(json.bench?.pruners.map((p) => p.name)).toEqual(['ai-prune-messages']);
    expect(new Set(json.bench?.costs.map((c) => `${c.role} ${c.subject} ${c.path}`))).toEqual(
      new Set(['step-prune', 'step-no-prune', 'episode'].flatMap((p) => [`pruner ai-prune-messages ${p}`, `reference archiving-window ${p}`]).concat(['floor floor floor-hash', 'floor floor floor-copy'])),
    );
    expect(md).toContain('## Cost per call: every pruner benchmarked');
    expect(md).toMatch(/\| ai-prune-messages \(`ai@6\.0\.325`\) \| .* \| (flat|linear|superlinear) \(-?\d\.\d\d\) \|/);
    expect(md).toContain('![cost per call against messages, log–log](ecosystem-bench.svg)');
    expect(readFileSync(join(out, 'ecosystem-bench.svg'), 'utf8')).toContain('ai-prune-messages: per turn');

    // --bench-only: the check results come back from the JSON untouched, the benchmark is measured again.
    const stdout2 = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr2 = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await ecosystemCommand.run(['--only', 'ai-prune-messages', '--seed', '5', '--out-dir', out, '--bench-sizes', '20,60', '--bench-only'])).toBe(0);
    } finally {
      stdout2.mockRestore();
      stderr2.mockRestore();
    }
    const again = JSON.parse(readFileSync(join(out, 'ecosystem.json'), 'utf8')) as EcosystemReport;
    expect(again.reports).toEqual(json.reports);
    expect(again.bench?.sizes).toEqual([20, 60]);
  });

  it('refuses --bench-only without an earlier report, and --skip-bench with --bench-only', async () => {
    const out = mkdtempSync(join(tmpdir(), 'prunecheck-eco-'));
    await expect(ecosystemCommand.run(['--out-dir', out, '--bench-only'])).rejects.toThrow(/--bench-only reads the check results from .*ecosystem\.json.*run 'npm run ecosystem' once without --bench-only/);
    await expect(ecosystemCommand.run(['--out-dir', out, '--bench-only', '--skip-bench'])).rejects.toThrow(/exclude each other/);
    await expect(ecosystemCommand.run(['--out-dir', out, '--bench-sizes', '100,x'])).rejects.toThrow(/--bench-sizes takes integers.*'x'/);
  });

  it('the expectations file, not the note, makes a finding a design choice; a listed finding no longer found is an unexpected pass', async () => {
    const out = mkdtempSync(join(tmpdir(), 'prunecheck-eco-'));
    const file = join(out, 'known.json');
    const listed = [
      { adapter: 'ai-prune-messages', invariant: 'INV-09', reason: 'Deliberate design: request ids go with the removed calls' },
      { adapter: 'ai-prune-messages', invariant: 'INV-18', reason: 'listed, but pruneMessages never splits a pair' },
    ];
    writeFileSync(file, JSON.stringify({ format: 'prunecheck-expectations/1', expectations: listed }));
    const run = async (...extra: string[]): Promise<string> => {
      let printed = '';
      const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((printed += String(chunk)), true));
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      try {
        expect(await ecosystemCommand.run(['--only', 'ai-prune-messages', '--runs', '30', '--seed', '5', '--out-dir', out, '--expectations', file, '--skip-bench', ...extra])).toBe(0);
      } finally {
        stdout.mockRestore();
        stderr.mockRestore();
      }
      return printed;
    };
    const printed = await run();
    const md = readFileSync(join(out, 'ecosystem.md'), 'utf8');
    const cells = (start: string): string[] => md.split('\n').find((l) => l.startsWith(start))?.split(' | ') ?? [];
    const column = (id: string): string | undefined => cells('| ai-prune-messages |')[cells('| pruner |').indexOf(id)];
    expect(column('INV-09')).toBe('FAIL (design)');
    // Its note calls INV-01 a design choice, but the file does not list it: new.
    expect(column('INV-01')).toBe('FAIL');
    expect(column('INV-18')).toBe('pass (listed: unexpected pass)');
    expect(printed).toMatch(/ai-prune-messages: not as expected: \d+ new findings: INV-01, .*; 1 unexpected pass: INV-18 .*; 1 known finding: INV-09/);
    const json = JSON.parse(readFileSync(join(out, 'ecosystem.json'), 'utf8')) as { reports: { expectations?: { file: string } }[] };
    expect(json.reports[0]?.expectations?.file).toBe(file);

    // --update-expectations lists this run's design-choice findings (their notes as reasons), keeping a listed reason.
    await run('--update-expectations');
    const updated = JSON.parse(readFileSync(file, 'utf8')) as { expectations: { invariant: string; reason: string }[] };
    expect(updated.expectations.map((e) => e.invariant)).toContain('INV-01');
    expect(updated.expectations.map((e) => e.invariant)).not.toContain('INV-18');
    expect(updated.expectations.find((e) => e.invariant === 'INV-09')?.reason).toBe('Deliberate design: request ids go with the removed calls');
    expect(updated.expectations.every((e) => e.reason.startsWith('Deliberate design'))).toBe(true);
    expect(readFileSync(join(out, 'ecosystem.md'), 'utf8')).not.toContain('unexpected pass: INV');
  });

  it('a malformed expectations file is a usage error naming the field', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'prunecheck-eco-')), 'bad.json');
    writeFileSync(file, JSON.stringify({ format: 'prunecheck-expectations/1', expectations: [{ adapter: 'ai-prune-messages', invariant: 'INV-99', reason: 'x' }] }));
    await expect(ecosystemCommand.run(['--only', 'ai-prune-messages', '--expectations', file])).rejects.toThrow(/expectations\[0\]\.invariant/);
  });

  it('an unknown --only is a usage error naming the pruners', async () => {
    await expect(ecosystemCommand.run(['--only', 'nope'])).rejects.toThrow(UsageError);
    await expect(ecosystemCommand.run(['--only', 'nope'])).rejects.toThrow(/langchain-summarization/);
  });
});
