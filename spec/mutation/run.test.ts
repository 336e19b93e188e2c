import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratch, spawnAndWait } from '../helpers/faults.ts';
import { ROOT } from '../../mutation/paths.ts';

const temp = scratch('mutation-run');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const RUN = join(ROOT, 'mutation', 'run.ts');

/** A finished run's folder, as `npm run mutation` leaves it: run.json, Stryker's JSON, the timing lines. */
function runFolder(status: 'Killed' | 'Survived'): string {
  const dir = temp();
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ mode: 'sample', command: 'npm run mutation -- --sample 1', suite: { seeds: [1], runs: 300 }, concurrency: 1, sample: { seed: 1, size: 1, nodes: 1 }, revision: { commit: 'a'.repeat(40), uncommitted: false } }));
  const source = 'export function unused(): number {\n  return 1;\n}\n';
  const mutant = { id: '0', mutatorName: 'BlockStatement', replacement: '{}', status, testsCompleted: 1, location: { start: { line: 1, column: 34 }, end: { line: 3, column: 2 } }, ...(status === 'Killed' ? { statusReason: 'prunecheck verdict violation [INV-01] seed 1: x' } : {}) };
  writeFileSync(join(dir, 'stryker.json'), JSON.stringify({ schemaVersion: '2', thresholds: { high: 95, low: 80 }, framework: { name: 'StrykerJS', version: '9.5.1' }, files: { 'mutation/sut/model/unusedForTheTest.ts': { language: 'typescript', source, mutants: [mutant] } } }));
  writeFileSync(join(dir, 'timing.jsonl'), `${JSON.stringify({ id: 'dry-run', status: 'net 1000 ms, overhead 1 ms', at: 0 })}\n${JSON.stringify({ id: '0', status, at: 2000 })}\n`);
  return dir;
}

describe('npm run mutation -- --render-from', () => {
  it('rebuilds the reports from a run folder, and fails on a survivor the triage does not know, saying what to do', async () => {
    const dir = runFolder('Survived');
    const out = join(temp(), 'mutation-sample');
    const result = await spawnAndWait(TSX, [RUN, '--render-from', dir, '--out', out], { killAfterMs: 60_000 });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('1 surviving mutant(s) are not in mutation/triage.json');
    const report = JSON.parse(readFileSync(`${out}.json`, 'utf8')) as { totals: { untriaged: number }; survivors: { scope: string }[] };
    expect(report.totals.untriaged).toBe(1);
    expect(report.survivors[0]?.scope).toBe('unused');
    expect(readFileSync(`${out}.md`, 'utf8')).toContain('## Untriaged (1)');
    const toFill = JSON.parse(readFileSync(join(dir, 'untriaged.json'), 'utf8')) as { status: string; line: number }[];
    expect(toFill).toEqual([expect.objectContaining({ file: 'unusedForTheTest.ts', status: 'equivalent | gap', line: 1 })]);
  });

  it('passes when every mutant was killed', async () => {
    const out = join(temp(), 'mutation-sample');
    const result = await spawnAndWait(TSX, [RUN, '--render-from', runFolder('Killed'), '--out', out], { killAfterMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('100.0 % of 1 non-equivalent mutants detected');
    expect(readFileSync(`${out}.md`, 'utf8')).toContain(`Measured at commit \`${'a'.repeat(12)}\``);
    expect((JSON.parse(readFileSync(`${out}.json`, 'utf8')) as { revision: unknown }).revision).toEqual({ commit: 'a'.repeat(40), uncommitted: false });
  });

  it('refuses a folder that is not a run, with exit 2', async () => {
    const result = await spawnAndWait(TSX, [RUN, '--render-from', temp()], { killAfterMs: 60_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/run\.json is missing/);
  });
});
