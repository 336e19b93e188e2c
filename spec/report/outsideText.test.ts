import { describe, expect, it } from 'vitest';
import { buildConformanceMatrix, renderConformanceMarkdown } from '../../src/report/conformanceMatrix.ts';
import { renderJunitReport } from '../../src/report/junitReport.ts';
import { renderMarkdownReport } from '../../src/report/markdownReport.ts';
import { renderPolicyPrettyReport } from '../../src/report/policy/prettyReport.ts';
import { renderPrettyReport } from '../../src/report/prettyReport.ts';
import { createProgressPrinter, progressLine } from '../../src/report/progressPrinter.ts';
import type { PolicyCheckReport } from '../../src/run/policy/checkPolicyAdapter.ts';
import { applyExpectations } from '../../src/run/expectations/applyExpectations.ts';
import { EXPECTATIONS_FORMAT } from '../../src/run/expectations/Expectations.ts';
import { terminalText } from '../../src/util/terminalText.ts';
import { violation, violationReport } from '../helpers/reports.ts';

// Issue 25, "terminal-safe output": every string from a file, an adapter or a child reaches a terminal, a
// Markdown or a JUnit report escaped. Each outside field of a report carries a line-clearing escape sequence, a
// carriage return, a C1 CSI and a right-to-left override; no reporter may let one through.
const HOSTILE = 'x\r\u001b[2K\u009b31m\u202egood\u0007';
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const HOSTILE_AND_CR = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const hostileReport = () =>
  applyExpectations(
    violationReport({
      adapter: `evil${HOSTILE}`,
      adapterVersion: `1${HOSTILE}`,
      specVersion: `s${HOSTILE}`,
      prunecheckVersion: `p${HOSTILE}`,
      error: `failed: ${HOSTILE}`,
      situations: { [`situation${HOSTILE}`]: 0 },
      violations: [violation({ because: [`because ${HOSTILE}`, `two\n${HOSTILE}`], replay: `npx prunecheck replay ${HOSTILE}`, counterexample: `reports/${HOSTILE}.json` }), violation({ invariant: 'INV-04', counterexample: '', replay: '' })],
    }),
    { format: EXPECTATIONS_FORMAT, expectations: [{ adapter: `evil${HOSTILE}`, invariant: 'INV-01', reason: `known ${HOSTILE}` }] },
    `expect${HOSTILE}.json`,
  );

describe('outside strings through every reporter (issue 25)', () => {
  it('terminalText writes each control as its escape and keeps the rest', () => {
    expect(terminalText(HOSTILE)).toBe('x\\r\\x1b[2K\\x9b31m\\u202egood\\x07');
    expect(terminalText('a\nb\tc', { keepNewlines: true })).toBe('a\nb\tc');
    expect(terminalText('a\nb')).toBe('a\\nb');
    expect(terminalText('plain — ✓ 日本 👩‍💻')).toBe('plain — ✓ 日本 👩‍💻');
  });

  it('the pretty report shows every outside field escaped; colour codes are its own', () => {
    const plain = renderPrettyReport(hostileReport(), { rerun: `npx prunecheck check --adapter ${HOSTILE}` });
    expect(plain).not.toMatch(CONTROL);
    expect(plain).toContain('evilx\\r\\x1b[2K\\x9b31m\\u202egood\\x07');
    expect(plain).toContain('because x\\r\\x1b[2K');
    const coloured = renderPrettyReport(hostileReport(), { color: true });
    expect(coloured.replace(/\u001b\[\d+m/g, '')).not.toMatch(CONTROL);
  });

  it('the pretty report never prints an empty counterexample or replay line', () => {
    const text = renderPrettyReport(violationReport({ violations: [violation({ counterexample: '', replay: '' })], error: 'the counterexample could not be saved: cannot write /x/a.json (ENOSPC: no space left on the device)' }));
    expect(text).not.toMatch(/counterexample: *\n|replay: *\n/);
    expect(text).toContain('counterexample: not written: cannot write /x/a.json (ENOSPC: no space left on the device); nothing to replay');
  });

  it('the Markdown report escapes them in headings, tables, prose and code', () => {
    const markdown = renderMarkdownReport(hostileReport());
    expect(markdown).not.toMatch(CONTROL);
    expect(markdown).toContain('x\\r\\x1b[2K');
    expect(markdown).not.toMatch(/Counterexample: ``/);
  });

  it('the JUnit report writes them as escapes too, and stays XML', () => {
    const xml = renderJunitReport(hostileReport());
    expect(xml).not.toMatch(HOSTILE_AND_CR);
    expect(xml).not.toContain('&#13;');
    expect(xml).toContain('evilx\\r\\x1b[2K\\x9b31m\\u202egood\\x07');
  });

  it('the progress line, the policy report and the conformance matrix escape them too', () => {
    const written: string[] = [];
    const printer = createProgressPrinter({ stream: { write: (chunk: string) => written.push(chunk), isTTY: true }, delayMs: 0 });
    printer.update({ adapter: `evil${HOSTILE}`, runsDone: 1, runsTotal: 2, opsChecked: 3, elapsedMs: 5, violations: 0 });
    expect(written.join('').replace(/^\r\u001b\[K/, '')).not.toMatch(CONTROL);
    expect(progressLine({ adapter: HOSTILE, runsDone: 1, runsTotal: 1, opsChecked: 1, elapsedMs: 1, violations: 0 })).not.toMatch(CONTROL);

    const policy = {
      ...violationReport(),
      adapter: `evil${HOSTILE}`,
      package: `pkg${HOSTILE}`,
      mode: 'policy',
      notes: {},
      violations: [{ ...violation({ invariant: 'INV-19', because: [`because ${HOSTILE}`], replay: `replay ${HOSTILE}` }), round: 1, before: [`m ${HOSTILE}`], after: [`n ${HOSTILE}`], modelCalls: [] }],
      error: `e ${HOSTILE}`,
    } as unknown as PolicyCheckReport;
    expect(renderPolicyPrettyReport(policy, `rerun ${HOSTILE}`)).not.toMatch(CONTROL);

    const matrix = buildConformanceMatrix([{ report: hostileReport(), expected: 'INV-01', description: `does ${HOSTILE}` }], { seed: 1, runs: 1 });
    expect(renderConformanceMarkdown(matrix)).not.toMatch(CONTROL);
  });
});
