import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardReportProblem } from '../../../src/run/parallel/shardReportShape.ts';
import { shardReports } from '../../helpers/shardReports.ts';

// The shape `merge` requires of a shard report before it reads a field: each row breaks one field of a real shard
// report (`check --shard 2/3` of a small check) and names the field and the problem merge reports.

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-shard-shape-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let shard: Record<string, unknown>;
beforeAll(async () => {
  shard = (await shardReports(dir, 'reference', { runs: 48 }))[1] as Record<string, unknown>;
});

type Json = Record<string, unknown>;
const copy = (): Json => structuredClone(shard);
const at = (report: Json, path: readonly (string | number)[]): Json => path.reduce<Json>((o, key) => o[key] as Json, report);

/** The report with the field at `path` set to `value` (deleted when `value` is undefined). */
function withField(path: readonly (string | number)[], value: unknown): Json {
  const report = copy();
  const parent = at(report, path.slice(0, -1));
  const key = path.at(-1) as string;
  if (value === undefined) delete parent[key];
  else parent[key] = value;
  return report;
}

describe('shardReportProblem', () => {
  it('finds no problem in a shard report as check --shard writes it', () => {
    expect(shard['shard']).toMatchObject({ index: 2, count: 3 });
    expect(shardReportProblem(copy())).toBeUndefined();
  });

  it.each([
    ['adapter not a string', ['adapter'], 7, { field: 'adapter', problem: 'must be a string, got 7' }],
    ['an unknown verdict', ['verdict'], 'fine', { field: 'verdict', problem: 'must be one of conformant, violation, diverged, error, unknown, got "fine"' }],
    ['a negative run count', ['runs'], -1, { field: 'runs', problem: 'must be a whole number, got -1' }],
    ['violations not a list', ['violations'], {}, { field: 'violations', problem: 'must be a list, got {}' }],
    ['an invented situation', ['situations', 'made-up'], 1, { field: 'situations', problem: expect.stringMatching(/^names "made-up", which is not a dangerous situation \(known: .* in all\)\)$/) }],
    ['an invariant result of unknown status', ['invariants', 0, 'status'], 'fine', { field: 'invariants[0].status', problem: 'must be one of passed, violated, not-claimed, inconclusive, got "fine"' }],
    ['examples that are not names', ['examplesRun'], [3], { field: 'examplesRun[0]', problem: 'must be a string, got 3' }],
    ['no shard record', ['shard'], 'shard', { field: 'shard', problem: 'must be an object, got "shard"' }],
    ['shard index 0', ['shard', 'index'], 0, { field: 'shard.index', problem: 'must be a whole number ≥ 1, got 0' }],
    ['a shard index past the count', ['shard', 'index'], 4, { field: 'shard.index', problem: 'must be from 1 to shard.count (3), got 4' }],
    ['a chunk size not the partition\'s', ['shard', 'chunkSize'], 5, { field: 'shard.chunkSize', problem: expect.stringMatching(/^must be \d+ for 48 runs \(the partition's\), got 5$/) }],
    ['stoppedEarly not a boolean', ['shard', 'stoppedEarly'], 'no', { field: 'shard.stoppedEarly', problem: 'must be true or false, got "no"' }],
    ['no check options', ['shard', 'check'], undefined, { field: 'shard.check', problem: 'must be an object {maxSteps, long, recheckEvery, examples}, got undefined' }],
    ['long not a boolean', ['shard', 'check', 'long'], 1, { field: 'shard.check.long', problem: 'must be true or false, got 1' }],
    ['a claimed id that is no invariant', ['shard', 'claimed'], ['INV-99'], { field: 'shard.claimed[0]', problem: 'must be an invariant id, got "INV-99"' }],
    ['an unknown operation', ['shard', 'operations'], ['explode'], { field: 'shard.operations[0]', problem: expect.stringMatching(/^must be an operation kind \(append, persist, rotate, overwrite … \(14 in all\)\), got "explode"$/) }],
    ['a chunk without totals', ['shard', 'chunks', 0, 'totals'], null, { field: 'shard.chunks[0].totals', problem: 'must be the chunk totals, got null' }],
    ['unclaimed findings under an unknown id', ['shard', 'chunks', 0, 'totals', 'unclaimed', 'INV-99'], { resumed: 0, cutShort: 0 }, { field: 'shard.chunks[0].totals.unclaimed', problem: 'names "INV-99", which is not an invariant id' }],
    ['an unclaimed entry that is not counts', ['shard', 'chunks', 0, 'totals', 'unclaimed', 'INV-01'], 3, { field: 'shard.chunks[0].totals.unclaimed.INV-01', problem: 'must be {resumed, cutShort}, got 3' }],
    ['an unclaimed count that is not whole', ['shard', 'chunks', 0, 'totals', 'unclaimed', 'INV-01'], { resumed: 0.5, cutShort: 0 }, { field: 'shard.chunks[0].totals.unclaimed.INV-01.resumed', problem: 'must be a whole number, got 0.5' }],
  ])('%s', (_name, path, value, problem) => {
    expect(shardReportProblem(withField(path, value))).toEqual(problem);
  });

  it('a finding with a step that is not a count, or a because line that is not text', () => {
    const report = copy();
    const finding = { invariant: 'INV-03', step: 2, traceLength: 2, because: ['x'], replay: 'npx prunecheck replay x', counterexample: 'x.json' };
    report['violations'] = [{ ...finding, step: 'two' }];
    expect(shardReportProblem(report)).toEqual({ field: 'violations[0].step', problem: 'must be a whole number, got "two"' });
    report['violations'] = [{ ...finding, because: ['x', 3] }];
    expect(shardReportProblem(report)).toEqual({ field: 'violations[0].because[1]', problem: 'must be a string, got 3' });
    report['violations'] = [finding];
    expect(shardReportProblem(report)).toBeUndefined();
  });

  it('chunks: another shard\'s, one twice, and one missing from a shard that ran to its end', () => {
    const chunks = at(copy(), ['shard', 'chunks']) as unknown as Json[];
    expect(chunks.length).toBeGreaterThan(0);
    const first = chunks[0] as Json;
    const foreign = withField(['shard', 'chunks', 0, 'chunk'], 0);
    expect(shardReportProblem(foreign)).toEqual({ field: 'shard.chunks[0].chunk', problem: expect.stringMatching(/^is chunk 0, which is not one of shard 2\/3's \(\d+(, \d+)* of \d+\)$/) });
    expect(shardReportProblem(withField(['shard', 'chunks'], [...chunks, first]))).toEqual({ field: `shard.chunks[${chunks.length}].chunk`, problem: `lists chunk ${String(first['chunk'])} a second time; its runs would count twice` });
    expect(shardReportProblem(withField(['shard', 'chunks'], chunks.slice(1)))).toEqual({ field: 'shard.chunks', problem: `lacks chunk ${String(first['chunk'])} of shard 2/3, which neither stopped early nor failed: its runs would be lost` });
    // A shard that stopped early may lack chunks.
    const stopped = withField(['shard', 'chunks'], chunks.slice(1));
    (stopped['shard'] as Json)['stoppedEarly'] = true;
    expect(shardReportProblem(stopped)).toBeUndefined();
  });
});
