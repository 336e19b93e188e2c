import { describe, expect, it } from 'vitest';
import { renderJsonReport } from '../../src/report/jsonReport.ts';
import { conformantReport, errorReport, violationReport } from '../helpers/reports.ts';

describe('renderJsonReport', () => {
  it.each([
    ['conformant', conformantReport()],
    ['violation', violationReport()],
    ['error', errorReport()],
  ])('round-trips a %s report through JSON.parse', (_name, report) => {
    expect(JSON.parse(renderJsonReport(report))).toEqual(report);
  });

  it('is 2-space indented with a trailing newline', () => {
    const text = renderJsonReport(conformantReport());
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe('  "adapter": "reference",');
  });

  it('carries the fields the issue requires, verdict and seed first', () => {
    const parsed = JSON.parse(renderJsonReport(violationReport())) as Record<string, unknown>;
    expect(Object.keys(parsed).slice(0, 6)).toEqual(['adapter', 'verdict', 'seed', 'runs', 'opsChecked', 'opsPerSecond']);
    const violations = parsed['violations'] as Record<string, unknown>[];
    expect(violations).toHaveLength(2);
    for (const v of violations) expect(Object.keys(v)).toEqual(expect.arrayContaining(['invariant', 'step', 'because', 'replay']));
  });

  it('keeps the fields of extended reports (policy mode)', () => {
    const extended = { ...violationReport(), mode: 'policy', package: 'langchain', notes: { 'INV-19': 'by design' } };
    const parsed = JSON.parse(renderJsonReport(extended)) as Record<string, unknown>;
    expect(parsed).toEqual(extended);
    expect(Object.keys(parsed).slice(0, 2)).toEqual(['adapter', 'verdict']);
  });

  it('omits error when there is none', () => {
    expect(renderJsonReport(conformantReport())).not.toContain('"error"');
    expect(JSON.parse(renderJsonReport(errorReport()))).toHaveProperty('error', 'the adapter threw at step 2');
  });
});
