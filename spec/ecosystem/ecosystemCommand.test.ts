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

  it('an unknown --only is a usage error naming the pruners', async () => {
    await expect(ecosystemCommand.run(['--only', 'nope'])).rejects.toThrow(UsageError);
    await expect(ecosystemCommand.run(['--only', 'nope'])).rejects.toThrow(/langchain-summarization/);
  });
});
