import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExpectations } from '../../src/run/expectations/readExpectations.ts';
import { runCli } from '../helpers/cli.ts';
import { scratch } from '../helpers/faults.ts';

// Issue 25, rows 8, 9 and 15: the expectations file is the user's. --update-expectations checked its path only
// after the whole check (a symlink then cost the run and its report), dropped fields it did not know, and a
// byte-order mark made the file unreadable with a message that did not name it.
const temp = scratch('expectations');
const FORMAT = 'prunecheck-expectations/1';
const CHECK = ['check', '--adapter', 'trusts-safe-claim', '--runs', '80', '--seed', '1'];

describe('expectations are the user file (issue 25, rows 8, 9, 15)', () => {
  it('row 8: --update-expectations through a symbolic link is refused before the check runs; the link and its target stay', async () => {
    const dir = temp();
    const target = join(dir, 'real.json');
    const original = `${JSON.stringify({ format: FORMAT, expectations: [] }, null, 2)}\n`;
    writeFileSync(target, original);
    const link = join(dir, 'prunecheck.expectations.json');
    symlinkSync(target, link);
    const counterexamples = join(dir, 'cx');
    const result = await runCli([...CHECK, '--expectations', link, '--update-expectations', '--counterexamples', counterexamples]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`${link} is a symbolic link`);
    // Nothing ran: a check of this adapter finds INV-03 and saves its counterexample.
    expect(existsSync(counterexamples) ? readdirSync(counterexamples) : []).toEqual([]);
    expect(result.stdout).toBe('');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe(original);
  });

  it('row 9: --update-expectations keeps the fields it does not know, on kept entries, other adapters’ and the file', async () => {
    const dir = temp();
    const file = join(dir, 'expect.json');
    // By hand: a "__proto__" key is data in the file, and must stay data (an object literal would set a prototype).
    const mine = '{"adapter":"trusts-safe-claim","invariant":"INV-03","reason":"tracked","owner":"ana","ticket":"PRUNE-17","until":"2027-01-01","__proto__":"data"}';
    const theirs = '{"adapter":"someone-else","invariant":"INV-01","reason":"theirs","owner":"bo","constructor":{"team":"x"}}';
    writeFileSync(file, `{"$comment":"owned by the platform team","format":"${FORMAT}","expectations":[${mine},${theirs}]}\n`);
    const result = await runCli([...CHECK, '--expectations', file, '--update-expectations', '--counterexamples', join(dir, 'cx')]);
    expect(result.code, result.stderr).toBe(0);
    const written = readFileSync(file, 'utf8');
    const data = JSON.parse(written) as { $comment: string; expectations: Record<string, unknown>[] };
    expect(data.$comment).toBe('owned by the platform team');
    // The file's own order stays: its comment first, where the user put it.
    expect(Object.keys(data)).toEqual(['$comment', 'format', 'expectations']);
    expect(data.expectations.map((e) => Object.entries(e))).toEqual([
      [['adapter', 'someone-else'], ['invariant', 'INV-01'], ['reason', 'theirs'], ['owner', 'bo'], ['constructor', { team: 'x' }]],
      [['adapter', 'trusts-safe-claim'], ['invariant', 'INV-03'], ['reason', 'tracked'], ['owner', 'ana'], ['ticket', 'PRUNE-17'], ['until', '2027-01-01'], ['__proto__', 'data']],
    ]);
  });

  it('row 15: a file with a byte-order mark is read', async () => {
    const dir = temp();
    const file = join(dir, 'bom.json');
    writeFileSync(file, `\uFEFF${JSON.stringify({ format: FORMAT, expectations: [{ adapter: 'trusts-safe-claim', invariant: 'INV-03', reason: 'known' }] }, null, 2)}\n`);
    expect((await readExpectations(file))?.expectations).toEqual([{ adapter: 'trusts-safe-claim', invariant: 'INV-03', reason: 'known' }]);
    const result = await runCli([...CHECK, '--expectations', file, '--counterexamples', join(dir, 'cx')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('as expected: 1 known finding: INV-03');
    // A rewrite keeps the mark: the editor that saved it expects it there.
    const update = await runCli([...CHECK, '--expectations', file, '--update-expectations', '--counterexamples', join(dir, 'cx')]);
    expect(update.code, update.stderr).toBe(0);
    expect(readFileSync(file, 'utf8').startsWith(`\uFEFF{`)).toBe(true);
  });

  it('row 15: a malformed file names the file, the line and what to fix', async () => {
    const dir = temp();
    const file = join(dir, 'broken.json');
    writeFileSync(file, `{\n  "format": "${FORMAT}",\n  "expectations": [\n    { "adapter": "a", "invariant": "INV-03", "reason": "r" },\n  ]\n}\n`);
    const result = await runCli([...CHECK, '--expectations', file, '--counterexamples', join(dir, 'cx')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`${file}: line 5, column \\d+: not valid JSON \\(.+\\); fix it there`));
    const wrongField = join(dir, 'field.json');
    writeFileSync(wrongField, `{\n  "format": "${FORMAT}",\n  "expectations": [\n    { "adapter": "a",\n      "invariant": "INV-99", "reason": "r" }\n  ]\n}\n`);
    const field = await runCli([...CHECK, '--expectations', wrongField, '--counterexamples', join(dir, 'cx')]);
    expect(field.code).toBe(2);
    expect(field.stderr).toContain(`${wrongField}: line 5: field 'expectations[0].invariant' must be one of`);
  });
});
