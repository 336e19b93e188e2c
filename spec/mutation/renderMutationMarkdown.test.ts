import { describe, expect, it } from 'vitest';
import type { MutationReport, SurvivorRow } from '../../mutation/MutationReport.ts';
import { renderMutationMarkdown } from '../../mutation/renderMutationMarkdown.ts';

const counts = { mutants: 10, killed: 7, timeout: 1, survived: 2, noCoverage: 0, invalid: 0, equivalent: 1, gap: 1, untriaged: 0, detected: 8, nonEquivalent: 9, score: 8 / 9 };
const survivor = (over: Partial<SurvivorRow>): SurvivorRow => ({
  file: 'answerQueries.ts',
  scope: 'answerLookup',
  mutator: 'LogicalOperator',
  original: 'a || b',
  replacement: 'a && b',
  context: 'return a || b;',
  line: 12,
  status: 'Survived',
  triage: 'equivalent',
  reason: 'never both',
  ...over,
});

const report: MutationReport = {
  format: 'prunecheck-mutation/1',
  mode: 'full',
  strykerVersion: '9.5.1',
  command: 'npm run mutation',
  suite: { seeds: [1, 2, 3, 4], runs: 300 },
  totals: counts,
  target: { score: 0.95, met: false },
  byFile: [{ file: 'answerQueries.ts', ...counts }],
  byMutator: [{ mutator: 'LogicalOperator', ...counts }],
  kills: { byVerdict: { violation: 7, 'hang (Stryker timeout)': 1 }, byInvariant: { 'INV-04': 7 } },
  timing: { concurrency: 2, dryRunMs: 4_200, wallMs: 60_000, mutantsRun: 10, meanMsPerMutant: 12_000 },
  survivors: [
    survivor({}),
    survivor({ triage: 'gap', original: '`${id}` | x', replacement: '``', reason: 'ids are never <empty>', fix: 'generate empty-looking ids', area: 'src/gen/runtime', line: 40 }),
  ],
  others: [],
  resolved: [],
  stale: [],
};

describe('renderMutationMarkdown', () => {
  const text = renderMutationMarkdown(report);

  it('states the score against the target, what counts as killed, and the time per mutant', () => {
    expect(text).toContain('**Score: 88.8 %** of non-equivalent mutants detected (8 of 9: 7 killed, 1 hung); target 95.0 %: **not met**.');
    expect(text).toContain("verdict is not `conformant` (violation, diverged, error or unknown)");
    expect(text).toContain('10 mutants ran in 60.0 s at concurrency 2: **12.0 s per mutant**');
    expect(text).toContain('seeds 1, 2, 3, 4, 300 runs each');
  });

  it('lists gaps with their fix and equivalents with their reason', () => {
    expect(text).toContain('## Known gaps (1)');
    expect(text).toContain('generate empty-looking ids (`src/gen/runtime`)');
    expect(text).toContain('| `src/gen/runtime` | generate empty-looking ids | 1 |');
    expect(text).toContain('## Equivalent (1)');
    expect(text).toContain('| `answerQueries.ts:12` answerLookup | LogicalOperator: `a \\|\\| b` → `a && b` | never both |');
  });

  it('keeps code with backticks and pipes inside its cell, and escapes prose', () => {
    expect(text).toContain('LogicalOperator: `` `${id}` \\| x `` → ``` `` ```');
    expect(text).toContain('ids are never &lt;empty&gt;');
    for (const line of text.split('\n').filter((l) => l.startsWith('| `answerQueries.ts:40`'))) expect(line.split(/(?<!\\)\|/).length - 2).toBe(4);
  });

  it('names the commit it measured, or says it was not recorded', () => {
    expect(text).toContain('Measured at: commit not recorded.');
    const at = renderMutationMarkdown({ ...report, revision: { commit: '953a7b0fd2c1aa0000000000000000000000000f', uncommitted: true } });
    expect(at).toContain('Measured at commit `953a7b0fd2c1` with uncommitted changes under src/');
  });

  it('says which results a merged re-run replaced, and what a focused run re-ran', () => {
    const key = { file: 'Window.ts', scope: 'used', mutator: 'BlockStatement', original: '{ return 1; }', replacement: '{}', context: 'get used(): number {' };
    const combined = renderMutationMarkdown({ ...report, merged: { command: 'npm run mutation -- --gaps', revision: { commit: 'c'.repeat(40), uncommitted: false }, replaced: 50, unmatched: 3, newlyDetected: [key], noLongerDetected: [key] } });
    expect(combined).toContain('**Combined result.** 50 of these mutants were re-run by `npm run mutation -- --gaps` at commit `cccccccccccc`');
    expect(combined).toContain('The re-run detected 1 this run had not: `Window.ts` used BlockStatement: `{ return 1; }` → `{}`.');
    expect(combined).toContain('3 mutants the re-run ran are not in this run');
    expect(combined).toContain('It let through 1 this run had detected, counted as the re-run found them: `Window.ts` used');
    const focused = renderMutationMarkdown({ ...report, mode: 'focused', focus: { what: 'the known gaps of mutation/triage.json', mutants: 48, nodes: 45, missing: [key] } });
    expect(focused).toContain('# Mutation score of the conformance suite: focused re-run');
    expect(focused).toContain('Focused re-run of the known gaps of mutation/triage.json: 48 mutants at 45 nodes');
    expect(focused).toContain("Gaps no mutant of today's model matched");
  });

  it('names the sample and says how to run everything', () => {
    const sample = renderMutationMarkdown({ ...report, mode: 'sample', sample: { seed: 7, size: 60, nodes: 58 } });
    expect(sample).toContain('CI sample: 60 mutants drawn with seed 7, at 58 nodes');
    expect(sample).toContain('The full run is `npm run mutation`');
  });

  it('asks for triage of untriaged survivors and for refreshing moved entries', () => {
    const open = renderMutationMarkdown({ ...report, survivors: [survivor({ triage: 'untriaged' }), survivor({ match: 'moved' })] });
    expect(open).toContain('## Untriaged (1)');
    expect(open).toContain('Judge each one in mutation/triage.json');
    expect(open).toContain('Matched on their code alone (refresh scope and context)');
  });
});
