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
      expect(await ecosystemCommand.run(['--only', 'ai-prune-messages', '--runs', '30', '--seed', '5', '--out-dir', out])).toBe(0);
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
        expect(await ecosystemCommand.run(['--only', 'ai-prune-messages', '--runs', '30', '--seed', '5', '--out-dir', out, '--expectations', file, ...extra])).toBe(0);
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
