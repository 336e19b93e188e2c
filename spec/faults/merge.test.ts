import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { scratch } from '../helpers/faults.ts';
import { shardReports, writeShards } from '../helpers/shardReports.ts';

// Issue 25, rows 11 and 12 (and row 6 for shard names): `merge` checks every shard report whole before it
// writes anything. A null finding or a string `because` crashed it after two of three files; counts as strings,
// invented situations and a chunk listed twice were merged into "13/13 situations" where 11 exist.
const temp = scratch('merge');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON to break in one place
let clean: Json[] = [];
let failing: Json[] = [];

beforeAll(async () => {
  clean = await shardReports(temp());
  failing = await shardReports(temp(), 'trusts-safe-claim', { seed: 3, runs: 120 });
  expect(failing.some((r) => (r['violations'] as unknown[]).length > 0)).toBe(true);
});

const copy = (reports: readonly Json[]): Json[] => JSON.parse(JSON.stringify(reports)) as Json[];

async function merge(reports: readonly unknown[]): Promise<{ code: number; stdout: string; stderr: string; dir: string }> {
  const dir = temp();
  const files = writeShards(dir, reports);
  const result = await runCli(['merge', ...files, '--out', join(dir, 'out', 'merged.json')]);
  return { ...result, dir };
}

/** Refused: exit 2, the message names the file and the field, and no report was written. */
async function refused(reports: readonly unknown[], file: number, field: RegExp): Promise<string> {
  const { code, stderr, dir } = await merge(reports);
  expect(code, stderr).toBe(2);
  expect(stderr).toMatch(new RegExp(`shard-${file}\\.json: field '${field.source}`));
  expect(stderr).not.toMatch(/internal error|\n {4}at /);
  expect(existsSync(join(dir, 'out')) ? readdirSync(join(dir, 'out')) : []).toEqual([]);
  return stderr;
}

describe('merge validates before it writes (issue 25, rows 11 and 12)', () => {
  it('the shards as written merge', async () => {
    const { code, stdout, dir } = await merge(clean);
    expect([0, 1]).toContain(code);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['merged.json', 'merged.md', 'merged.xml']);
    expect(stdout).toMatch(/merged 3 shard reports; wrote .*merged\.json, .*merged\.xml, .*merged\.md/);
  });

  it('row 11: a null in violations, and a because that is a string, are input errors naming file and field', async () => {
    const nulled = copy(failing);
    const at = nulled.findIndex((r) => r['violations'].length > 0);
    nulled[at]!['violations'] = [null];
    expect(await refused(nulled, at + 1, /violations\[0\]' must be a finding/)).toContain('got null');
    const stringy = copy(failing);
    stringy[at]!['violations'][0].because = 'it broke';
    expect(await refused(stringy, at + 1, /violations\[0\]\.because' must be a list/)).toContain('got "it broke"');
  });

  it('row 12: situation counts as strings, invented situations and verdicts are refused', async () => {
    const strings = copy(clean);
    const chunk = strings[1]!['shard'].chunks[0];
    const [situation] = Object.keys(chunk.totals.situations);
    chunk.totals.situations[situation!] = String(chunk.totals.situations[situation!]);
    await refused(strings, 2, /shard\.chunks\[0\]\.totals\.situations\..*' must be a whole number/);
    const invented = copy(clean);
    invented[0]!['shard'].chunks[0].totals.situations['made-up-situation'] = 5;
    invented[0]!['shard'].chunks[0].totals.situations['__proto__'] = 5;
    await refused(invented, 1, /shard\.chunks\[0\]\.totals\.situations' names "(made-up-situation|__proto__)", which is not a dangerous situation/);
    const verdict = copy(clean);
    verdict[2]!['verdict'] = 'fine';
    await refused(verdict, 3, /verdict' must be one of/);
    const top = copy(clean);
    top[0]!['situations'] = { ...top[0]!['situations'], constructor: 1 };
    await refused(top, 1, /situations' names "constructor"/);
  });

  it('row 12: a chunk listed twice, a chunk of another shard, and a missing chunk are refused', async () => {
    const twice = copy(clean);
    twice[0]!['shard'].chunks.push(twice[0]!['shard'].chunks[0]);
    await refused(twice, 1, /shard\.chunks\[\d+\]\.chunk' lists chunk \d+ a second time/);
    const foreign = copy(clean);
    foreign[0]!['shard'].chunks[0].chunk = 1;
    await refused(foreign, 1, /shard\.chunks\[0\]\.chunk' is chunk 1, which is not one of shard 1\/3's/);
    const missing = copy(clean);
    missing[1]!['shard'].chunks = [];
    await refused(missing, 2, /shard\.chunks' lacks chunk/);
  });

  it('row 12: another spec version or seed is refused, naming both files', async () => {
    for (const [field, value] of [
      ['specVersion', '0.9.0'],
      ['seed', 2],
    ] as const) {
      const other = copy(clean);
      other[2]![field] = value;
      const { code, stderr, dir } = await merge(other);
      expect(code).toBe(2);
      expect(stderr).toMatch(new RegExp(`shard-3\\.json: ${field} is .*, but .*shard-1\\.json has`));
      expect(existsSync(join(dir, 'out'))).toBe(false);
    }
  });

  it('row 6: a shard adapter name with control characters is printed escaped', async () => {
    const named = copy(clean).map((r) => ({ ...r, adapter: 'evil\r\u001b[2Kreference' }));
    const { stdout, stderr } = await merge(named);
    expect(stdout + stderr).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/);
    expect(stdout).toContain('evil\\r\\x1b[2Kreference');
  });
});
