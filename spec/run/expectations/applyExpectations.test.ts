import { describe, expect, it } from 'vitest';
import { applyExpectations } from '../../../src/run/expectations/applyExpectations.ts';
import { EXPECTATIONS_FORMAT, type KnownFinding, type ExpectationsFile } from '../../../src/run/expectations/Expectations.ts';
import { updateExpectations } from '../../../src/run/expectations/updateExpectations.ts';
import { conformantReport, errorReport, violationReport } from '../../helpers/reports.ts';

const file = (...expectations: KnownFinding[]): ExpectationsFile => ({ format: EXPECTATIONS_FORMAT, expectations });
const known = (adapter: string, invariant: KnownFinding['invariant'], reason = 'by design'): KnownFinding => ({ adapter, invariant, reason });

// violationReport: adapter no-tombstone breaks INV-01 and INV-04, does not claim INV-09, passes the rest.
describe('reading a report against expectations', () => {
  it('every finding expected: passes, and says so', () => {
    const { expectations } = applyExpectations(violationReport(), file(known('no-tombstone', 'INV-01'), known('no-tombstone', 'INV-04', 'tracked: #12')), 'x.json');
    expect(expectations).toMatchObject({ passed: true, new: [], unexpectedPasses: [], summary: 'as expected: 2 known findings: INV-01, INV-04' });
    expect(expectations.expected).toEqual([
      { invariant: 'INV-01', reason: 'by design', replay: 'npx prunecheck replay reports/counterexamples/no-tombstone-INV-01-42.json' },
      { invariant: 'INV-04', reason: 'tracked: #12', replay: 'npx prunecheck replay reports/counterexamples/no-tombstone-INV-04-42.json' },
    ]);
  });

  it('a finding not listed is new and fails; entries of other adapters do not count', () => {
    const { expectations } = applyExpectations(violationReport(), file(known('no-tombstone', 'INV-01'), known('other', 'INV-04')), 'x.json');
    expect(expectations).toMatchObject({ passed: false, new: ['INV-04'], summary: 'not as expected: 1 new finding: INV-04; 1 known finding: INV-01' });
  });

  it('a listed invariant that passed is an unexpected pass: it fails unless allowed', () => {
    const listed = file(known('reference', 'INV-07', 'old bug'));
    expect(applyExpectations(conformantReport(), listed, 'x.json').expectations).toMatchObject({
      passed: false,
      unexpectedPasses: [{ invariant: 'INV-07', reason: 'old bug' }],
      summary: 'not as expected: 1 unexpected pass: INV-07 (remove it from x.json)',
    });
    expect(applyExpectations(conformantReport(), listed, 'x.json', { allowUnexpectedPasses: true }).expectations).toMatchObject({ passed: true, summary: 'as expected: 1 unexpected pass: INV-07 (remove it from x.json; allowed by --allow-unexpected-pass)' });
  });

  it('a listed invariant that was not judged (not claimed, inconclusive) is neither confirmed nor refuted', () => {
    const inconclusive = violationReport({ invariants: violationReport().invariants.map((r) => (r.invariant === 'INV-07' ? { ...r, status: 'inconclusive' as const } : r)) });
    const { expectations } = applyExpectations(inconclusive, file(known('no-tombstone', 'INV-01'), known('no-tombstone', 'INV-04'), known('no-tombstone', 'INV-07'), known('no-tombstone', 'INV-09')), 'x.json');
    expect(expectations.passed).toBe(true);
    expect(expectations.unchecked).toEqual([
      { invariant: 'INV-07', reason: 'by design', status: 'inconclusive' },
      { invariant: 'INV-09', reason: 'by design', status: 'not-claimed' },
    ]);
  });

  it('no verdict on thin evidence: unknown without a finding never passes, even with nothing listed', () => {
    const unknown = conformantReport({ verdict: 'unknown', error: 'situations never reached' });
    expect(applyExpectations(unknown, file(), 'x.json').expectations).toMatchObject({ passed: false, summary: 'no verdict to compare (unknown)' });
    expect(applyExpectations(conformantReport({ verdict: 'diverged' }), file(), 'x.json').expectations.passed).toBe(false);
  });

  it('an adapter error explains an error verdict: expected, it passes', () => {
    expect(applyExpectations(errorReport(), file(known('crashy', 'ADAPTER-ERROR', 'throws on empty lists, tracked')), 'x.json').expectations.passed).toBe(true);
    expect(applyExpectations(errorReport(), file(), 'x.json').expectations).toMatchObject({ passed: false, new: ['ADAPTER-ERROR'] });
  });
});

describe('--update-expectations', () => {
  it('lists every finding, keeps existing reasons and other adapters, drops what now passes, keeps what was not judged', () => {
    const before = file(known('no-tombstone', 'INV-04', 'tracked: #12'), known('no-tombstone', 'INV-07', 'fixed since'), known('no-tombstone', 'INV-09', 'unclaimed'), known('a-other', 'INV-03'));
    expect(updateExpectations(before, violationReport())).toEqual(
      file(
        known('a-other', 'INV-03'),
        known('no-tombstone', 'INV-01', 'NEEDS JUDGEMENT: say why INV-01 is accepted (a design choice? a tracked bug?) and remove this prefix; until then the check fails'),
        known('no-tombstone', 'INV-04', 'tracked: #12'),
        known('no-tombstone', 'INV-09', 'unclaimed'),
      ),
    );
  });

  it('a library’s own design-choice note becomes the reason', () => {
    const noted = violationReport({ violations: [{ ...violationReport().violations[0]!, note: 'trimMessages keeps no copy by design' } as never] });
    expect(updateExpectations(undefined, noted).expectations).toEqual([known('no-tombstone', 'INV-01', 'trimMessages keeps no copy by design')]);
  });

  it('what it writes reads back as expected but unjudged: it fails until the placeholder reason is replaced (issue 27)', () => {
    const report = violationReport();
    const written = updateExpectations(undefined, report);
    expect(applyExpectations(report, written, 'x.json').expectations).toMatchObject({ passed: false, new: [], unexpectedPasses: [], unjudged: ['INV-01', 'INV-04'] });
    expect(applyExpectations(report, written, 'x.json').expectations.summary).toMatch(/^not as expected: 2 entries need judgement: INV-01, INV-04 \(replace "NEEDS JUDGEMENT: …" in x\.json/);
    const judged = { ...written, expectations: written.expectations.map((e) => ({ ...e, reason: 'tracked: #12' })) };
    expect(applyExpectations(report, judged, 'x.json').expectations).toMatchObject({ passed: true, new: [], unexpectedPasses: [] });
    // A library note is a judgement already: what it writes from one passes.
    const noted = violationReport({ violations: report.violations.map((v) => ({ ...v, note: 'by design' }) as never) });
    expect(applyExpectations(noted, updateExpectations(undefined, noted), 'x.json').expectations.passed).toBe(true);
  });
});
