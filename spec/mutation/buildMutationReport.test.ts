import type { schema } from '@stryker-mutator/api/core';
import { describe, expect, it } from 'vitest';
import { buildMutationReport, type ReportInput } from '../../mutation/buildMutationReport.ts';
import { mutantKey } from '../../mutation/MutantKey.ts';
import type { TriageEntry } from '../../mutation/Triage.ts';

const SOURCE = ['export function pick(a: number, b: number): number {', '  if (a > b) return a;', "  return label(b, 'low');", '}'].join('\n');

let nextId = 0;
/** A Stryker result at 1-based line/column, as Stryker's JSON report writes them. */
function mutant(status: schema.MutantStatus, line: number, column: number, endColumn: number, mutatorName: string, replacement: string, over: Partial<schema.MutantResult> = {}): schema.MutantResult {
  nextId += 1;
  return { id: String(nextId), status, mutatorName, replacement, location: { start: { line, column }, end: { line, column: endColumn } }, testsCompleted: status === 'Killed' ? 1 : 4, ...over };
}

const KILL = 'prunecheck verdict violation [INV-13] seed 1: step 2: append … // Object.is equality';
const mutants = [
  mutant('Killed', 2, 7, 12, 'ConditionalExpression', 'true', { statusReason: KILL }),
  mutant('Killed', 2, 7, 12, 'ConditionalExpression', 'false', { statusReason: 'prunecheck verdict error [ADAPTER-ERROR] seed 2: malformed outcome' }),
  mutant('Survived', 2, 7, 12, 'EqualityOperator', 'a >= b'),
  mutant('Survived', 3, 19, 24, 'StringLiteral', '""'),
  mutant('Timeout', 2, 3, 23, 'BlockStatement', '{}'),
  mutant('Survived', 1, 53, 2, 'BlockStatement', '{}', { testsCompleted: 0, location: { start: { line: 1, column: 53 }, end: { line: 4, column: 2 } } }),
  mutant('Ignored', 3, 10, 25, 'ArrowFunction', '() => undefined', { statusReason: 'not in the CI sample' }),
];

const stryker: schema.MutationTestResult = {
  schemaVersion: '2',
  thresholds: { high: 95, low: 80 },
  files: { 'mutation/sut/model/pick.ts': { language: 'typescript', source: SOURCE, mutants } },
  framework: { name: 'StrykerJS', version: '9.5.1' },
};

const keyAt = (line: number, column: number, endColumn: number, mutator: string, replacement: string) =>
  mutantKey('pick.ts', SOURCE, { start: { line: line - 1, column: column - 1 }, end: { line: line - 1, column: endColumn - 1 } }, mutator, replacement);

const equivalentEntry: TriageEntry = { ...keyAt(2, 7, 12, 'EqualityOperator', 'a >= b'), status: 'equivalent', reason: 'a and b are never equal here' };
const gapEntry: TriageEntry = { ...keyAt(3, 19, 24, 'StringLiteral', '""'), status: 'gap', reason: 'the label is never compared', fix: 'compare labels', area: 'src/check/runtime' };
const killedEntry: TriageEntry = { ...keyAt(2, 7, 12, 'ConditionalExpression', 'true'), status: 'gap', reason: 'was a gap', fix: 'fixed since', area: 'src/gen/runtime' };
const staleEntry: TriageEntry = { ...keyAt(2, 7, 12, 'ConditionalExpression', 'true'), original: 'gone()', status: 'equivalent', reason: 'old code' };

function input(entries: readonly TriageEntry[], over: Partial<ReportInput> = {}): ReportInput {
  return {
    mode: 'full',
    command: 'npm run mutation',
    stryker,
    copyPrefix: 'mutation/sut/model',
    triage: { format: 'prunecheck-mutation-triage/1', entries },
    suite: { seeds: [1, 2], runs: 300 },
    timing: { concurrency: 2, dryRunMs: 4000, wallMs: 20_000, mutantsRun: 6, meanMsPerMutant: 6667 },
    ...over,
  };
}

describe('buildMutationReport', () => {
  it('counts killed and hung mutants as detected and untriaged survivors against the score', () => {
    const { totals, target } = buildMutationReport(input([]));
    expect(totals).toMatchObject({ mutants: 6, killed: 2, timeout: 1, survived: 2, invalid: 1, equivalent: 0, gap: 0, untriaged: 2, detected: 3, nonEquivalent: 5, score: 3 / 5 });
    expect(target).toEqual({ score: 0.95, met: false });
  });

  it('leaves equivalent survivors out of the score and keeps gaps in it, with their triage', () => {
    const report = buildMutationReport(input([equivalentEntry, gapEntry]));
    expect(report.totals).toMatchObject({ equivalent: 1, gap: 1, untriaged: 0, nonEquivalent: 4, score: 3 / 4 });
    expect(report.survivors.map((s) => [s.mutator, s.line, s.triage, s.reason])).toEqual([
      ['EqualityOperator', 2, 'equivalent', 'a and b are never equal here'],
      ['StringLiteral', 3, 'gap', 'the label is never compared'],
    ]);
    expect(report.survivors[1]).toMatchObject({ fix: 'compare labels', area: 'src/check/runtime', file: 'pick.ts', scope: 'pick', original: "'low'" });
  });

  it('does not count a run in which no test ran as a survivor', () => {
    const report = buildMutationReport(input([]));
    expect(report.others.map((o) => [o.mutator, o.status])).toEqual([
      ['BlockStatement', 'no test ran'],
      ['BlockStatement', 'Timeout'],
    ]);
  });

  it('matches the second of two identical mutants on a line to its own entry, not the first', () => {
    const twin: schema.MutationTestResult = {
      ...stryker,
      files: {
        'mutation/sut/model/pick.ts': {
          language: 'typescript',
          source: 'export function gap(a: number, b: number): number {\n  return f(a - b) + g(a - b);\n}\n',
          mutants: [mutant('Killed', 2, 12, 17, 'ArithmeticOperator', 'a + b', { statusReason: KILL }), mutant('Survived', 2, 23, 28, 'ArithmeticOperator', 'a + b')],
        },
      },
    };
    const entry: TriageEntry = { file: 'pick.ts', scope: 'gap', mutator: 'ArithmeticOperator', original: 'a - b', replacement: 'a + b', context: 'return f(a - b) + g(a - b);', nth: 2, status: 'equivalent', reason: 'g ignores its argument' };
    const report = buildMutationReport(input([entry], { stryker: twin }));
    expect(report.survivors).toEqual([expect.objectContaining({ nth: 2, triage: 'equivalent', reason: 'g ignores its argument' })]);
    expect(report.resolved).toEqual([]);
    // In a sample or focused run the first may not have run (Ignored): the second is still the second.
    const file = twin.files['mutation/sut/model/pick.ts'];
    const [first, second] = file?.mutants ?? [];
    const sampled: schema.MutationTestResult = { ...twin, files: { 'mutation/sut/model/pick.ts': { ...(file as schema.FileResult), mutants: [{ ...(first as schema.MutantResult), status: 'Ignored' }, second as schema.MutantResult] } } };
    expect(buildMutationReport(input([entry], { mode: 'sample', stryker: sampled })).survivors).toEqual([expect.objectContaining({ nth: 2, triage: 'equivalent' })]);
    // A focused run's report holds only the mutants at its nodes: the keys planned over the whole model number it.
    const alone: schema.MutationTestResult = { ...twin, files: { 'mutation/sut/model/pick.ts': { ...(file as schema.FileResult), mutants: [second as schema.MutantResult] } } };
    expect(buildMutationReport(input([entry], { mode: 'focused', stryker: alone })).survivors).toEqual([expect.objectContaining({ triage: 'equivalent' })]);
    expect(buildMutationReport(input([entry], { mode: 'focused', stryker: alone })).survivors[0]?.nth).toBeUndefined();
    const planned = [{ file: 'pick.ts', mutator: 'ArithmeticOperator', replacement: 'a + b', range: { start: { line: 1, column: 22 }, end: { line: 1, column: 27 } }, key: { file: entry.file, scope: entry.scope, mutator: entry.mutator, original: entry.original, replacement: entry.replacement, context: entry.context, nth: 2 } }];
    expect(buildMutationReport(input([entry], { mode: 'focused', stryker: alone, planned })).survivors).toEqual([expect.objectContaining({ nth: 2, triage: 'equivalent' })]);
  });

  it('ignores mutants outside the sample', () => {
    const report = buildMutationReport(input([]));
    expect(report.byMutator.map((m) => m.mutator)).not.toContain('ArrowFunction');
  });

  it('tallies what killed the mutants from the suite failure message', () => {
    const { kills } = buildMutationReport(input([]));
    expect(kills.byVerdict).toEqual({ error: 1, 'hang (Stryker timeout)': 1, violation: 1 });
    expect(kills.byInvariant).toEqual({ 'ADAPTER-ERROR': 1, 'INV-13': 1 });
  });

  it('lists triage entries that matched a killed mutant as resolved, and in a full run those matching nothing as stale', () => {
    const full = buildMutationReport(input([killedEntry, staleEntry]));
    expect(full.resolved.map((k) => k.original)).toEqual(['a > b']);
    expect(full.stale.map((k) => k.original)).toEqual(['gone()']);
    const sample = buildMutationReport(input([killedEntry, staleEntry], { mode: 'sample', sample: { seed: 1, size: 3, nodes: 2 } }));
    expect(sample.stale).toEqual([]);
    expect(sample.sample).toEqual({ seed: 1, size: 3, nodes: 2 });
  });

  it('takes a focused re-run\'s results for the mutants it re-ran, found by key though their lines moved, and says what changed', () => {
    // The model moved the function down a line; the re-run killed the gap and let the equivalent mutant survive again.
    const moved = `// a new first line\n${SOURCE}`;
    const rerun: schema.MutationTestResult = {
      ...stryker,
      files: {
        'mutation/sut/model/pick.ts': {
          language: 'typescript',
          source: moved,
          mutants: [mutant('Killed', 4, 19, 24, 'StringLiteral', '""', { statusReason: KILL }), mutant('Survived', 3, 7, 12, 'EqualityOperator', 'a >= b'), mutant('Killed', 1, 1, 5, 'StringLiteral', '"x"', { statusReason: KILL })],
        },
      },
    };
    const revision = { commit: 'b'.repeat(40), uncommitted: false };
    const report = buildMutationReport(input([equivalentEntry, gapEntry], { rerun: { stryker: rerun, command: 'npm run mutation -- --gaps', revision } }));
    expect(report.merged).toEqual({ command: 'npm run mutation -- --gaps', revision, replaced: 2, unmatched: 1, newlyDetected: [expect.objectContaining({ mutator: 'StringLiteral', original: "'low'" })], noLongerDetected: [] });
    expect(report.totals).toMatchObject({ killed: 3, gap: 0, equivalent: 1, score: 1 });
    expect(report.resolved.map((k) => k.original)).toEqual(["'low'"]);
    expect(buildMutationReport(input([equivalentEntry, gapEntry])).merged).toBeUndefined();
  });

  it('groups the counts by file and by mutator', () => {
    const report = buildMutationReport(input([equivalentEntry]));
    expect(report.byFile).toEqual([expect.objectContaining({ file: 'pick.ts', mutants: 6, detected: 3, equivalent: 1, untriaged: 1 })]);
    expect(report.byMutator.find((m) => m.mutator === 'ConditionalExpression')).toMatchObject({ mutants: 2, killed: 2, score: 1 });
    expect(report.byMutator.find((m) => m.mutator === 'EqualityOperator')).toMatchObject({ mutants: 1, equivalent: 1, score: undefined });
  });
});
