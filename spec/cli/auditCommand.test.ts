import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { FIXTURES, tempSession } from '../helpers/sessions.ts';

const PLANTED = join(FIXTURES, 'claude-code', 'planted.jsonl');
const CLEAN = join(FIXTURES, 'claude-code', 'clean.jsonl');

describe('prunecheck audit', () => {
  it('exit 0 on a session whose compaction breaks nothing, 1 on one with findings, naming rule and place', async () => {
    expect((await runCli(['audit', CLEAN])).code).toBe(0);
    const run = await runCli(['audit', PLANTED]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`fabricated-attribution  ${PLANTED}:9 (b1)`);
    expect(run.stdout).toMatch(/VIOLATION: 4 finding\(s\) in 1 compaction\(s\) of 1 session\(s\)/);
  });

  it('exit 2 for a malformed line, naming file and line; and for a named file no reader knows', async () => {
    const bad = tempSession(`${readFileSync(PLANTED, 'utf8').split('\n').slice(0, 3).join('\n')}\n{broken\n{"type":"user"}\n`);
    const run = await runCli(['audit', bad]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${bad}:4: not valid JSON`);
    const unknown = await runCli(['audit', tempSession('{"hello":"world"}\n')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/not a session prunecheck recognises .* pass --format/);
    expect((await runCli(['audit'])).code).toBe(2);
    expect((await runCli(['audit', CLEAN, '--format', 'nope'])).code).toBe(2);
  });

  it('walks a directory, detects each format, and skips files it does not recognise', async () => {
    const run = await runCli(['audit', FIXTURES, '--reporter', 'json']);
    const report = JSON.parse(run.stdout) as { sessions: { format: string }[]; skipped: { file: string }[] };
    expect(new Set(report.sessions.map((s) => s.format))).toEqual(expect.objectContaining(new Set(['claude-code', 'codex', 'pi'])));
    expect(run.stdout.endsWith('}\n')).toBe(true);
  });

  it('writes JUnit and Markdown reports with the survival chart, and --redact masks quotes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prunecheck-audit-out-'));
    const secret = tempSession(readFileSync(PLANTED, 'utf8').replace('status=ok', 'status=ok token=sk-live-abcdefghijklmnopqrstuvwxyz'));
    expect((await runCli(['audit', secret, '--out', join(dir, 'audit.xml')])).code).toBe(1);
    const xml = readFileSync(join(dir, 'audit.xml'), 'utf8');
    expect(xml).toContain('<failure type="reissued-side-effect"');
    expect(xml).toContain('sk-live-abcdefghij');
    expect((await runCli(['audit', secret, '--redact', '--out', join(dir, 'audit.md')])).code).toBe(1);
    const md = readFileSync(join(dir, 'audit.md'), 'utf8');
    expect(md).toContain('## Identifier survival');
    expect(md).toContain('![identifier survival](audit.md.survival.svg)');
    expect(md).not.toContain('sk-live-abcdefghij');
    expect(readFileSync(join(dir, 'audit.md.survival.svg'), 'utf8')).toMatch(/^<svg /);
  });

  it('expectations: listed findings pass (exit 0), a stale entry fails (exit 1), a malformed file is exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prunecheck-audit-exp-'));
    const file = join(dir, 'audit.expectations.json');
    const rules = ['INV-17', 'reissued-side-effect', 'dropped-identifier', 'fabricated-attribution'];
    writeFileSync(file, JSON.stringify({ format: 'prunecheck-audit-expectations/1', expectations: rules.map((rule) => ({ format: 'claude-code', rule, reason: 'planted' })) }));
    const ok = await runCli(['audit', PLANTED, '--expectations', file]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/as expected: 4 known finding/);
    const stale = await runCli(['audit', CLEAN, '--expectations', file]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/no longer occur/);
    writeFileSync(file, '{"format":"x"}');
    expect((await runCli(['audit', PLANTED, '--expectations', file])).code).toBe(2);
  });
});
