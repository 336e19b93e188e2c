import { describe, expect, it } from 'vitest';
import { INVARIANT_IDS } from '../../src/model/invariants.ts';
import { renderMarkdownReport } from '../../src/report/markdownReport.ts';
import { mdCell, mdCode, mdTable } from '../../src/util/markdownText.ts';
import { conformantReport, errorReport, violationReport } from '../helpers/reports.ts';

/** The rows of the first table after `heading`, split into cells (escaped pipes kept inside cells). */
function tableAfter(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '' && rows.length === 0) continue;
    if (!line.startsWith('|')) break;
    rows.push(line.slice(2, -2).split(/ (?<!\\)\| /));
  }
  return rows;
}

describe('renderMarkdownReport', () => {
  it('has an invariant table with one row per invariant and a consistent column count', () => {
    const rows = tableAfter(renderMarkdownReport(violationReport()), '## Invariants');
    expect(rows[0]).toEqual(['invariant', 'rule', 'status', 'ops checked', 'first step', 'because']);
    expect(rows[1]).toEqual(['---', '---', '---', '---', '---', '---']);
    expect(rows.slice(2).map((r) => r[0])).toEqual(INVARIANT_IDS);
    for (const row of rows) expect(row).toHaveLength(6);
  });

  it('shows status, first step and because per invariant, escaping HTML', () => {
    const rows = tableAfter(renderMarkdownReport(violationReport()), '## Invariants');
    const inv04 = rows.find((r) => r[0] === 'INV-04');
    expect(inv04?.slice(2, 5)).toEqual(['❌ violated', '', '6']);
    expect(inv04?.[5]).toContain('&lt;absent&gt; &amp; the model');
    expect(rows.find((r) => r[0] === 'INV-01')?.[5]).toContain("was executed (backing store verified a byte-identical copy)<br>step 4: lookup 'block_7'");
    expect(rows.find((r) => r[0] === 'INV-09')?.[2]).toBe('➖ not claimed');
  });

  it('lists every violation with its replay command in a code block', () => {
    const markdown = renderMarkdownReport(violationReport());
    expect(markdown).toContain('### INV-01 at step 4 of 4');
    expect(markdown).toContain('```sh\nnpx prunecheck replay reports/counterexamples/no-tombstone-INV-04-42.json\n```');
  });

  it('puts the seed in the summary table', () => {
    const [header, , values] = tableAfter(renderMarkdownReport(conformantReport()), '# prunecheck check: reference — conformant');
    expect(header?.[2]).toBe('seed');
    expect(values?.[2]).toBe('42');
    expect(renderMarkdownReport(conformantReport())).not.toContain('## Violations');
  });

  it('adds rows for findings outside the invariants, and the error', () => {
    const markdown = renderMarkdownReport(errorReport());
    expect(tableAfter(markdown, '## Invariants').at(-1)?.slice(0, 3)).toEqual(['ADAPTER-ERROR', 'adapter misbehaviour', '❌ found']);
    expect(markdown).toContain('**Error:** the adapter threw at step 2');
  });
});

describe('markdown text', () => {
  it('keeps pipes and newlines inside a cell', () => {
    expect(mdCell('a|b\nc')).toBe('a\\|b<br>c');
    expect(mdTable(['x'], [['a|b']])).toBe('| x |\n| --- |\n| a\\|b |');
  });

  it('fences code longer than any backtick run inside it', () => {
    expect(mdCode('echo ```', 'sh')).toBe('````sh\necho ```\n````');
  });
});
