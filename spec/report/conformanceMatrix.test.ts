import { describe, expect, it } from 'vitest';
import { INVARIANT_IDS } from '../../src/model/invariants.ts';
import { buildConformanceMatrix, meetsExpectation, renderConformanceJson, renderConformanceMarkdown } from '../../src/report/conformanceMatrix.ts';
import { conformantReport, errorReport, violation, violationReport } from '../helpers/reports.ts';

const entries = [
  { report: conformantReport(), expected: 'conformant' as const, description: 'The reference runtime' },
  { report: violationReport(), expected: 'INV-01' as const, description: 'forgets to write tombstones' },
  { report: violationReport({ adapter: 'trusts-claims', violations: [violation({ invariant: 'INV-04' })] }), expected: 'INV-03' as const },
  { report: errorReport(), expected: 'ADAPTER-ERROR' as const },
];

describe('meetsExpectation', () => {
  it('wants the reference conformant and a broken runtime caught on its own invariant', () => {
    expect(meetsExpectation(conformantReport(), 'conformant')).toBe(true);
    expect(meetsExpectation(violationReport(), 'conformant')).toBe(false);
    expect(meetsExpectation(violationReport(), 'INV-04')).toBe(true);
    expect(meetsExpectation(violationReport(), 'INV-03')).toBe(false);
    expect(meetsExpectation(conformantReport(), 'INV-01')).toBe(false);
  });

  it('wants a baseline to fail somewhere', () => {
    expect(meetsExpectation(violationReport(), 'violation')).toBe(true);
    expect(meetsExpectation(errorReport(), 'violation')).toBe(true);
    expect(meetsExpectation(conformantReport(), 'violation')).toBe(false);
  });
});

describe('buildConformanceMatrix', () => {
  const matrix = buildConformanceMatrix(entries, { seed: 42, runs: 200 });

  it('has a row per runtime with a cell per invariant plus differential and adapter', () => {
    expect(matrix.rows.map((r) => r.runtime)).toEqual(['reference', 'no-tombstone', 'trusts-claims', 'crashy']);
    for (const row of matrix.rows) expect(Object.keys(row.cells)).toEqual([...INVARIANT_IDS, 'DIFFERENTIAL', 'ADAPTER']);
    // no-tombstone does not claim INV-09, so the differential check does not count for it: not run, never passed.
    expect(matrix.rows[1]?.cells).toMatchObject({ 'INV-01': 'violated', 'INV-09': 'not-claimed', 'INV-02': 'passed', DIFFERENTIAL: 'not-run' });
    expect(matrix.rows[0]?.cells.DIFFERENTIAL).toBe('none');
    expect(matrix.rows[3]?.cells.ADAPTER).toBe('found');
    const unknown = buildConformanceMatrix([{ report: conformantReport({ verdict: 'unknown', error: 'never reached: x' }), expected: 'conformant' }], { seed: 1, runs: 1 });
    expect(unknown.rows[0]?.cells.ADAPTER).toBe('none');
    expect(unknown.rows[0]?.cells.DIFFERENTIAL).toBe('inconclusive');
    const policy = buildConformanceMatrix([{ report: { ...conformantReport(), mode: 'policy' } as never, expected: 'conformant' }], { seed: 1 });
    expect(policy.rows[0]?.cells.DIFFERENTIAL).toBe('not-run');
    expect(renderConformanceMarkdown(unknown)).toContain('- **reference** (unknown): never reached: x');
  });

  it('has a column only for invariants some report covers', () => {
    const few = conformantReport({ invariants: [{ invariant: 'INV-03', status: 'passed' }, { invariant: 'INV-01', status: 'not-claimed' }] });
    const small = buildConformanceMatrix([{ report: few, expected: 'conformant' }], { seed: 1, runs: 1 });
    expect(small.invariants.map((i) => i.id)).toEqual(['INV-01', 'INV-03']);
    expect(small.rows[0]?.cells).toEqual({ 'INV-01': 'not-claimed', 'INV-03': 'passed', DIFFERENTIAL: 'not-run', ADAPTER: 'none' });
    expect(renderConformanceMarkdown(small)).toContain('| runtime | expected | verdict | as expected | 01 | 03 | DIFFERENTIAL | ADAPTER | ops/s |');
  });

  it('summarises which runtimes behaved unexpectedly', () => {
    expect(matrix.rows.map((r) => r.asExpected)).toEqual([true, true, false, true]);
    expect(matrix.summary).toEqual({ runtimes: 4, asExpected: 3, unexpected: ['trusts-claims'] });
  });

  it('says when each engine ran its default number of runs', () => {
    const defaults = buildConformanceMatrix(entries, { seed: 42 });
    expect(defaults).not.toHaveProperty('runs');
    expect(renderConformanceMarkdown(defaults)).toContain("seed 42, each engine's default number of runs per runtime.");
    expect(renderConformanceMarkdown(matrix)).toContain('seed 42, 200 runs per runtime.');
  });

  it('round-trips through JSON', () => {
    const text = renderConformanceJson(matrix);
    expect(text.endsWith('\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(matrix);
  });

  it('renders a Markdown matrix whose rows all have the header width, and every replay command', () => {
    const markdown = renderConformanceMarkdown(matrix);
    const table = markdown.split('\n').filter((line) => line.startsWith('| runtime | expected') || /^\| (reference|no-tombstone|trusts-claims|crashy) \| /.test(line));
    const header = table[0]?.split(' | ') ?? [];
    expect(header.length).toBe(4 + INVARIANT_IDS.length + 2 + 1);
    const rows = markdown.split('\n').slice(markdown.split('\n').indexOf(table[0] ?? '') + 2).filter((l) => l.startsWith('|')).slice(0, 4);
    for (const row of rows) expect(row.split(' | ')).toHaveLength(header.length);
    expect(rows[2]).toContain('| trusts-claims | INV-03 | violation | **NO** |');
    expect(markdown).toContain('3 of 4 runtimes behaved as expected; unexpected: trusts-claims.');
    for (const row of matrix.rows) for (const v of row.violations) expect(markdown).toContain(`\`\`\`sh\n${v.replay}\n\`\`\``);
  });
});
