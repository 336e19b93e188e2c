import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

// Known findings from the command line (issue 12, problem 6): a library with a deliberate finding can be green
// in CI and still fail on a new one. The two-flaws fixture breaks INV-17 and INV-19; archiving-window breaks nothing.
const dir = mkdtempSync(join(tmpdir(), 'prunecheck-cli-expectations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TWO_FLAWS = join(import.meta.dirname, 'fixtures', 'twoFlaws.ts');
const check = (adapter: string, file: string, ...more: string[]) =>
  runCli(['check', '--adapter', adapter, ...(more.includes('--runs') ? [] : ['--seed', '1', '--runs', '20']), '--counterexamples', join(dir, 'cx'), '--expectations', file, ...more]);

const listing = (...entries: [string, string, string][]) =>
  `${JSON.stringify({ format: 'prunecheck-expectations/1', expectations: entries.map(([adapter, invariant, reason]) => ({ adapter, invariant, reason })) }, null, 2)}\n`;

describe('prunecheck check with expectations', () => {
  it('--update-expectations writes the findings marked as needing judgement and fails (exit 1) until a person says why; then the run is as expected (exit 0)', async () => {
    const file = join(dir, 'accepted.json');
    const updated = await check(TWO_FLAWS, file, '--update-expectations');
    // Issue 27: it used to accept every finding with a placeholder reason and exit 0.
    expect(updated.code).toBe(1);
    expect(updated.stderr).toContain(`prunecheck: wrote ${file}: 2 known findings for two-flaws (INV-17, INV-19); INV-17, INV-19 need judgement: replace "NEEDS JUDGEMENT: …" in each with why it is accepted, then commit the file (until then the check fails, exit 1)\n`);
    const placeholder = (id: string) => `NEEDS JUDGEMENT: say why ${id} is accepted (a design choice? a tracked bug?) and remove this prefix; until then the check fails`;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      format: 'prunecheck-expectations/1',
      expectations: [
        { adapter: 'two-flaws', invariant: 'INV-17', reason: placeholder('INV-17') },
        { adapter: 'two-flaws', invariant: 'INV-19', reason: placeholder('INV-19') },
      ],
    });
    const unjudged = await check(TWO_FLAWS, file);
    expect(unjudged.code).toBe(1);
    expect(unjudged.stdout).toContain(`expectations (${file}): not as expected: 2 entries need judgement: INV-17, INV-19 (replace "NEEDS JUDGEMENT: …" in ${file} with why each is accepted); 2 known findings: INV-17, INV-19\n`);
    writeFileSync(file, listing(['two-flaws', 'INV-17', 'folds user statements by design'], ['two-flaws', 'INV-19', 'tracked as bug #12']));
    const again = await check(TWO_FLAWS, file);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`expectations (${file}): as expected: 2 known findings: INV-17, INV-19\n`);
    expect(again.stdout).toMatch(/✗ INV-17 User statements and the task survive pruning \[expected: folds user statements by design/);
  });

  it('a new finding fails (exit 1) while the known one stays expected', async () => {
    const file = join(dir, 'one.json');
    writeFileSync(file, listing(['two-flaws', 'INV-17', 'folds user statements by design']));
    const { code, stdout } = await check(TWO_FLAWS, file);
    expect(code).toBe(1);
    expect(stdout).toContain(`expectations (${file}): not as expected: 1 new finding: INV-19; 1 known finding: INV-17\n`);
    expect(stdout).toContain('  expected  INV-17  folds user statements by design\n');
    expect(stdout).toContain(`  new       INV-19  not in ${file}: fix it, or accept it with --update-expectations\n`);
  });

  it('an expected finding that no longer occurs: "unexpected pass: remove it", exit 1 unless --allow-unexpected-pass', async () => {
    const file = join(dir, 'stale.json');
    writeFileSync(file, listing(['archiving-window', 'INV-17', 'was a bug']));
    // 40 runs at seed 2 reach every situation the gate asks of a policy check since SPEC 1.2 (20 at seed 1 do not).
    const strict = await check('archiving-window', file, '--runs', '40', '--seed', '2');
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(`  unexpected pass  INV-17  passed: remove it from ${file}\n`);
    const relaxed = await check('archiving-window', file, '--allow-unexpected-pass', '--runs', '40', '--seed', '2');
    expect(relaxed.code).toBe(0);
    const updated = await check('archiving-window', file, '--update-expectations', '--runs', '40', '--seed', '2');
    expect(updated.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ format: 'prunecheck-expectations/1', expectations: [] });
  });

  it('JSON, JUnit and Markdown show expected against new', async () => {
    const file = join(dir, 'reports.json');
    writeFileSync(file, listing(['two-flaws', 'INV-17', 'folds user statements by design'], ['two-flaws', 'INV-18', 'stale']));
    const json = await check(TWO_FLAWS, file, '--reporter', 'json');
    expect(JSON.parse(json.stdout).expectations).toMatchObject({ file, passed: false, new: ['INV-19'], expected: [{ invariant: 'INV-17', reason: 'folds user statements by design' }], unexpectedPasses: [{ invariant: 'INV-18' }] });
    const junit = await check(TWO_FLAWS, file, '--reporter', 'junit');
    expect(junit.stdout).toContain(`<skipped message="expected: folds user statements by design (${file}); INV-17 at step`);
    expect(junit.stdout).toMatch(/name="INV-19 [^"]*" time="0">\n {6}<failure type="INV-19"/);
    expect(junit.stdout).toContain(`<failure type="UNEXPECTED-PASS" message="INV-18 unexpected pass: remove it from ${file}"`);
    expect(junit.stdout).toContain(`<property name="expectations" value="${file}: not as expected: 1 new finding: INV-19; 1 unexpected pass: INV-18 (remove it from ${file}); 1 known finding: INV-17"/>`);
    const markdown = await check(TWO_FLAWS, file, '--reporter', 'markdown');
    expect(markdown.stdout).toContain('| INV-17 | expected | folds user statements by design |');
    expect(markdown.stdout).toContain(`| INV-19 | **new** | not in \`${file}\` |`);
    expect(markdown.stdout).toContain('❌ violated (expected: folds user statements by design)');
  });

  it('a file named with --expectations must exist', async () => {
    const missing = join(dir, 'missing.json');
    const { code, stderr } = await check('archiving-window', missing);
    expect(code).toBe(2);
    expect(stderr).toBe(`prunecheck: check: ${missing}: cannot read it (ENOENT); check the --expectations path, or create it with --update-expectations\n`);
  });
});

describe('prunecheck replay with expectations', () => {
  it('a reproduced known finding is expected (exit 0); unlisted, it is reproduced (exit 1)', async () => {
    const file = join(dir, 'replay.json');
    writeFileSync(file, listing(['two-flaws', 'INV-17', 'folds user statements by design']));
    await check(TWO_FLAWS, file);
    const counterexample = join(dir, 'cx', 'two-flaws-INV-17-1.json');
    const known = await runCli(['replay', counterexample, '--trust', '--expectations', file]);
    expect(known.stdout).toContain(`expected (${file}): folds user statements by design\n`);
    expect(known.code).toBe(0);
    const unlisted = await runCli(['replay', join(dir, 'cx', 'two-flaws-INV-19-1.json'), '--trust', '--expectations', file]);
    expect(unlisted.code).toBe(1);
  });
});
