import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import type { CheckReport } from '../../../src/run/CheckReport.ts';
import { checkRuns } from '../../../src/run/parallel/checkRuns.ts';
import { mergeShards } from '../../../src/run/parallel/mergeShards.ts';
import { chunkCount, chunkRuns, shardChunks, shardRuns } from '../../../src/run/parallel/partition.ts';
import { readShardReport, type ShardFile } from '../../../src/run/parallel/readShardReport.ts';
import { runCli } from '../../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const builtin = (name: string): Adapter => findBuiltin(name) as Adapter;

/** The check in three shards, each written to JSON and read back as `merge` reads it. */
async function inShards(adapter: Adapter, options: { seed: number; runs: number }, name: string): Promise<ShardFile[]> {
  const files: ShardFile[] = [];
  for (let index = 1; index <= 3; index += 1) {
    const report = await checkRuns(adapter, { ...options, reruns: 1, outDir: join(dir, name, `shard-${index}`), shard: { index, count: 3 } });
    const file = join(dir, name, `shard-${index}.json`);
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    files.push(readShardReport(file));
  }
  return files;
}

const counterexampleOf = (report: CheckReport) => {
  const { config, trace, path, invariant, step } = JSON.parse(readFileSync(report.violations[0]?.counterexample ?? '', 'utf8')) as Record<string, unknown>;
  return { config, trace, path, invariant, step };
};

describe('the partition', () => {
  it.each([1, 7, 8, 300, 1_025, 100_000])('every one of %i runs is in exactly one chunk and one shard of 1…5', (runs) => {
    const seen = new Array<number>(runs).fill(0);
    for (let chunk = 0; chunk < chunkCount(runs); chunk += 1) {
      const { start, count } = chunkRuns(chunk, runs);
      for (let run = start; run < start + count; run += 1) seen[run] = (seen[run] ?? 0) + 1;
    }
    expect(seen.every((n) => n === 1)).toBe(true);
    for (const count of [1, 2, 3, 5]) {
      const chunks = Array.from({ length: count }, (_, i) => shardChunks({ index: i + 1, count }, runs)).flat();
      expect(chunks.sort((a, b) => a - b)).toEqual(Array.from({ length: chunkCount(runs) }, (_, i) => i));
      expect(Array.from({ length: count }, (_, i) => shardRuns({ index: i + 1, count }, runs)).reduce((a, b) => a + b, 0)).toBe(runs);
    }
  });
});

describe('shards 1/3…3/3 merged are the unsharded check', () => {
  it('the reference: same verdict, runs, situations and evidence; no shard passes alone', async () => {
    const options = { seed: 1, runs: 200 };
    const whole = await checkRuns(builtin('reference'), { ...options, outDir: join(dir, 'ref') });
    const shards = await inShards(builtin('reference'), options, 'ref');
    for (const { report } of shards) {
      expect(report.verdict).toBe('unknown');
      expect(report.error).toMatch(/^shard \d\/3 ran \d+ of the check's 200 runs with no finding; the verdict and the coverage gates are the merged report's/);
      expect(report.invariants.some((r) => r.status === 'passed')).toBe(false);
    }
    const merged = mergeShards(shards);
    expect(whole.verdict).toBe('conformant');
    expect({ verdict: merged.verdict, runs: merged.runs, situations: merged.situations, evidence: merged.evidence, invariants: merged.invariants }).toEqual({ verdict: whole.verdict, runs: whole.runs, situations: whole.situations, evidence: whole.evidence, invariants: whole.invariants });
    expect(merged.examplesRun).toEqual(whole.examplesRun);
  });

  it.each([
    ['trusts-safe-claim', 3],
    ['ignores-content-change', 2],
  ])('%s at seed %i: same verdict, runs, situations and counterexample (the lowest failing run wins)', async (name, seed) => {
    const options = { seed, runs: 120 };
    const whole = await checkRuns(builtin(name), { ...options, reruns: 1, outDir: join(dir, name) });
    const shards = await inShards(builtin(name), options, name);
    const merged = mergeShards(shards);
    expect(whole.verdict).toBe('violation');
    expect({ verdict: merged.verdict, runs: merged.runs, situations: merged.situations, evidence: merged.evidence }).toEqual({ verdict: whole.verdict, runs: whole.runs, situations: whole.situations, evidence: whole.evidence });
    expect(merged.invariants.map((r) => [r.invariant, r.status, r.checked])).toEqual(whole.invariants.map((r) => [r.invariant, r.status, r.checked]));
    expect(counterexampleOf(merged)).toEqual(counterexampleOf(whole));
    // Every shard's counterexample is kept, the lowest failing run's first.
    expect(merged.violations.length).toBe(shards.filter((s) => s.report.violations.length > 0).length);
  });
});

describe('prunecheck merge: the command and its refusals', () => {
  const shardFile = async (name: string, index: number, seed = 3): Promise<string> => {
    const file = join(dir, 'cli', `${name}-${index}.json`);
    const { code } = await runCli(['check', '--adapter', 'trusts-safe-claim', '--seed', String(seed), '--runs', '40', '--reruns', '0', '--shard', `${index}/2`, '--out', file, '--counterexamples', join(dir, 'cli', 'cx')]);
    expect(code).toBe(1);
    return file;
  };

  it('writes JSON, JUnit and Markdown beside each other and exits by the merged verdict', async () => {
    const files = [await shardFile('a', 1), await shardFile('a', 2)];
    const out = join(dir, 'cli', 'merged', 'check.json');
    const { code, stdout } = await runCli(['merge', ...files, '--out', out]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/verdict: violation/);
    const merged = JSON.parse(readFileSync(out, 'utf8')) as CheckReport;
    expect(merged).toMatchObject({ verdict: 'violation', seed: 3, mergedFrom: files });
    expect(merged.shard).toBeUndefined();
    expect(readFileSync(join(dir, 'cli', 'merged', 'check.xml'), 'utf8')).toMatch(/<testsuite /);
    expect(readFileSync(join(dir, 'cli', 'merged', 'check.md'), 'utf8')).toMatch(/violation/);
  });

  it.each([
    ['a missing shard', async () => [await shardFile('b', 1)], /merge: shard 2\/2 is missing \(got 1\/2\); merge needs the reports of all 2 shards/],
    ['the same shard twice', async () => [await shardFile('b', 1), await shardFile('b', 1)], /merge: .*b-1\.json and .*b-1\.json are both shard 1\/2: their runs overlap/],
    ['another seed', async () => [await shardFile('b', 1), await shardFile('c', 2, 4)], /merge: .*c-2\.json: seed is 4, but .*b-1\.json has 3; the shards of one check share seed/],
    [
      'a whole check',
      async () => {
        const file = join(dir, 'cli', 'whole.json');
        await runCli(['check', '--adapter', 'trusts-safe-claim', '--seed', '3', '--runs', '10', '--reruns', '0', '--out', file, '--counterexamples', join(dir, 'cli', 'cx')]);
        return [file];
      },
      /merge: .*whole\.json has no shard field: it is the report of a whole check, not of one shard/,
    ],
    [
      'a chunk record changed',
      async () => {
        const file = await shardFile('d', 1);
        const data = JSON.parse(readFileSync(file, 'utf8')) as { shard: { chunks: { totals: { runs: unknown } }[] } };
        const [chunk] = data.shard.chunks;
        if (chunk !== undefined) chunk.totals.runs = 'many';
        writeFileSync(file, JSON.stringify(data));
        return [file, await shardFile('d', 2)];
      },
      /merge: .*d-1\.json: field 'shard\.chunks\[0\]\.totals\.runs' must be a whole number, got "many"/,
    ],
    ['not JSON', async () => [join(dir, 'cli', 'none.json')], /merge: .*none\.json cannot be read/],
  ])('%s is exit 2 naming the file and the field', async (_, files, message) => {
    const { code, stderr } = await runCli(['merge', ...(await files()), '--out', join(dir, 'cli', 'refused.json')]);
    expect(stderr).toMatch(message);
    expect(code).toBe(2);
  });
});
