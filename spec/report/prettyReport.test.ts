import { describe, expect, it } from 'vitest';
import { INVARIANT_IDS } from '../../src/model/invariants.ts';
import { renderMarkdownReport } from '../../src/report/markdownReport.ts';
import { renderPrettyReport } from '../../src/report/prettyReport.ts';
import { conformantReport, errorReport, violationReport } from '../helpers/reports.ts';

describe('renderPrettyReport', () => {
  it('prints the seed, every invariant and the verdict', () => {
    const text = renderPrettyReport(conformantReport(), { rerun: 'npx prunecheck check --adapter reference --seed 42 --runs 200' });
    expect(text).toContain('seed 42 · 200 runs · 8,123 ops checked · 20,308 ops/s');
    expect(text.match(/^ {2}✓ INV-\d\d /gm)).toHaveLength(INVARIANT_IDS.length);
    expect(text).toMatch(/verdict: conformant\nre-run with the same seed: npx prunecheck check --adapter reference --seed 42 --runs 200\n$/);
  });

  it('prints each failure with its because chain and exact replay command', () => {
    const text = renderPrettyReport(violationReport());
    expect(text).toContain('✗ INV-04 at step 6 of 6\n    lookup of a pruned id');
    expect(text).toContain('  replay: npx prunecheck replay reports/counterexamples/no-tombstone-INV-01-42.json');
    expect(text).toContain('  – INV-09 Side-effecting retries are deduplicated outside the window (not claimed)');
    expect(text).toContain('verdict: violation (2 findings)');
  });

  it('prints a policy-mode note with its finding', () => {
    const report = violationReport({ violations: [{ ...violationReport().violations[0]!, note: 'trimming drops the oldest messages by design' } as never] });
    expect(renderPrettyReport(report)).toContain('  note: trimming drops the oldest messages by design\n  counterexample:');
    expect(renderMarkdownReport(report)).toContain('Note: trimming drops the oldest messages by design');
  });

  it('uses ANSI colours only when asked', () => {
    expect(renderPrettyReport(violationReport())).not.toContain('\u001b[');
    expect(renderPrettyReport(violationReport(), { color: true })).toContain('\u001b[31m');
  });

  it('prints the error, and unreached situations when no finding cut the check short', () => {
    const text = renderPrettyReport(errorReport({ situations: { a: 3, b: 0 } }));
    expect(text).toContain('error: the adapter threw at step 2');
    expect(text).not.toContain('dangerous situations');
    const unknown = renderPrettyReport(conformantReport({ verdict: 'unknown', situations: { a: 3, b: 0 }, error: 'never reached: b' }));
    expect(unknown).toContain('dangerous situations reached: 1/2 (never: b)');
  });
});
