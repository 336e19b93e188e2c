import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVARIANT_IDS } from '../../src/model/invariants.ts';
import { renderJunitReport } from '../../src/report/junitReport.ts';
import { terminalText } from '../../src/util/terminalText.ts';
import { xmlAttr, xmlText } from '../../src/util/xmlEscape.ts';
import { findAll, parseXml, textOf } from '../helpers/xml.ts';
import type { XmlElement } from '../helpers/xml.ts';
import { conformantReport, errorReport, violation, violationReport } from '../helpers/reports.ts';

function caseNamed(root: XmlElement, prefix: string): XmlElement {
  const found = findAll(root, 'testcase').find((c) => c.attributes['name']?.startsWith(`${prefix} `));
  if (found === undefined) throw new Error(`no test case ${prefix}`);
  return found;
}

function only(element: XmlElement | undefined, name: string): XmlElement {
  const found = element === undefined ? [] : findAll(element, name);
  if (found.length !== 1) throw new Error(`expected one <${name}>, found ${found.length}`);
  return found[0] as XmlElement;
}

/**
 * What a JUnit report shows of outside text: every control a terminal or a page acts on written as its escape
 * (`terminalText`, line breaks and tabs kept), and what XML 1.0 cannot carry at all (lone surrogates, U+FFFE,
 * U+FFFF) as U+FFFD.
 */
function xmlSafe(value: string): string {
  return terminalText(value, { keepNewlines: true }).replace(/[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

describe('renderJunitReport', () => {
  it('has one test case per invariant plus the differential and adapter cases', () => {
    const root = parseXml(renderJunitReport(conformantReport()));
    const cases = findAll(root, 'testcase');
    expect(cases).toHaveLength(INVARIANT_IDS.length + 2);
    INVARIANT_IDS.forEach((id, i) => expect(cases[i]?.attributes['name']).toMatch(new RegExp(`^${id} `)));
    expect(root.attributes).toMatchObject({ tests: String(INVARIANT_IDS.length + 2), failures: '0', errors: '0', skipped: '0' });
  });

  it('marks violated invariants as failures with because and replay, and unclaimed ones as skipped', () => {
    const report = violationReport();
    const root = parseXml(renderJunitReport(report));
    const suite = findAll(root, 'testsuite')[0];
    // INV-09 is not claimed, so the differential check does not count: skipped, never shown as passed.
    expect(suite?.attributes).toMatchObject({ failures: '2', skipped: '2', errors: '0' });
    expect(only(caseNamed(root, 'DIFFERENTIAL'), 'skipped').attributes['message']).toMatch(/^not counted: the differential check counts only for adapters claiming every runtime invariant/);
    const failure = only(caseNamed(root, 'INV-04'), 'failure');
    expect(failure.attributes['type']).toBe('INV-04');
    const body = textOf(failure);
    expect(body).toContain('lookup of a pruned id answered "never existed" <absent> & the model said "it\'s fine"');
    expect(body).toContain('replay: npx prunecheck replay reports/counterexamples/no-tombstone-INV-04-42.json');
    expect(only(caseNamed(root, 'INV-09'), 'skipped').attributes['message']).toBe('not claimed by adapter no-tombstone');
    expect(caseNamed(root, 'INV-02').children).toHaveLength(0);
  });

  it('writes the seed and runs as suite properties', () => {
    const root = parseXml(renderJunitReport(violationReport()));
    const props = Object.fromEntries(findAll(root, 'property').map((p) => [p.attributes['name'], p.attributes['value']]));
    expect(props).toMatchObject({ seed: '42', runs: '200', verdict: 'violation', 'situation:summary-of-summary': '12' });
  });

  it('reports adapter errors as <error> on the adapter case', () => {
    const root = parseXml(renderJunitReport(errorReport()));
    const errors = findAll(root, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.attributes['type']).toBe('ADAPTER-ERROR');
    expect(root.attributes['errors']).toBe('1');
  });

  it('reports an error outside any finding on the adapter case', () => {
    const root = parseXml(renderJunitReport(errorReport({ verdict: 'unknown', violations: [], error: 'timed out after 5000 ms' })));
    expect(findAll(root, 'error')[0]?.attributes).toMatchObject({ type: 'unknown', message: 'timed out after 5000 ms' });
  });

  it('marks inconclusive invariants as skipped with the reason', () => {
    const report = violationReport({ invariants: violationReport().invariants.map((r) => (r.invariant === 'INV-05' ? { ...r, status: 'inconclusive', reason: 'the check stopped at the INV-01 finding first' } : r)) });
    const root = parseXml(renderJunitReport(report));
    expect(only(caseNamed(root, 'INV-05'), 'skipped').attributes['message']).toBe('inconclusive: the check stopped at the INV-01 finding first');
  });

  // Issue problem 6: a passing DIFFERENTIAL case was written whatever ran, also in policy mode.
  it('passes the differential case only when it ran, counted, and the check passed', () => {
    const differential = (report: Parameters<typeof renderJunitReport>[0]) => caseNamed(parseXml(renderJunitReport(report)), 'DIFFERENTIAL');
    expect(differential(conformantReport()).children).toHaveLength(0);
    expect(only(differential({ ...conformantReport(), mode: 'policy' } as never), 'skipped').attributes['message']).toMatch(/^not run: policy mode/);
    expect(only(differential(conformantReport({ verdict: 'unknown', error: 'never reached: x' })), 'skipped').attributes['message']).toBe('inconclusive: the check ended unknown');
  });

  it('stays well-formed and round-trips any because text, adapter name and replay command', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string(), (because, adapter, replay) => {
        const report = violationReport({ adapter, violations: [violation({ because: [because, `<>&"' ${because}`], replay })] });
        const root = parseXml(renderJunitReport(report));
        const failure = only(caseNamed(root, 'INV-01'), 'failure');
        expect(textOf(failure)).toContain(`  ${xmlSafe(because)}\n  <>&"' ${xmlSafe(because)}\nreplay: ${xmlSafe(replay)}`);
        expect(failure.attributes['message']).toBe(`INV-01 at step 4: ${xmlSafe(because)}`);
        expect(findAll(root, 'testsuite')[0]?.attributes['name']).toBe(`prunecheck check ${xmlSafe(adapter)}`);
      }),
      { seed: 20261130, numRuns: 300 },
    );
  });
});

describe('xml escaping', () => {
  it('escapes the five special characters', () => {
    expect(xmlText(`<a href="x">&'`)).toBe(`&lt;a href="x"&gt;&amp;'`);
    expect(xmlAttr(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });

  it('writes controls as escapes, replaces what XML 1.0 cannot carry, and keeps line breaks in attributes', () => {
    expect(xmlText('a\u0000b\uD800c\u001b[2K\u202e')).toBe('a\\x00b\uFFFDc\\x1b[2K\\u202e');
    expect(xmlAttr('a\nb\tc\rd')).toBe('a&#10;b&#9;c\\rd');
    expect(xmlText('😀')).toBe('😀');
  });
});
