import type { CheckReport } from '../CheckReport.ts';
import type { FindingKind } from '../../check/FindingKind.ts';
import { isUnjudged, NEEDS_JUDGEMENT } from './Expectations.ts';
import type { KnownFinding, ExpectationsFile, ExpectationsOutcome, ExpectedFinding, UncheckedExpectation, UnexpectedPass } from './Expectations.ts';

/** A report that was read against expectations (`checkAdapter` with `expectations`, `prunecheck check`). */
export type WithExpectations<R extends CheckReport = CheckReport> = R & { readonly expectations: ExpectationsOutcome };

/** The expectations outcome a report carries, if it was read against any. */
export function expectationsOf(report: CheckReport): ExpectationsOutcome | undefined {
  return (report as { readonly expectations?: ExpectationsOutcome }).expectations;
}

/** The entries of a file that concern one adapter. */
export function expectationsFor(file: ExpectationsFile | undefined, adapter: string): KnownFinding[] {
  return (file?.expectations ?? []).filter((e) => e.adapter === adapter);
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * Reads a report against the expectations for its adapter: each finding is expected or new; each expectation
 * whose invariant passed is an unexpected pass ("remove it from the expectations"); one whose invariant was not
 * judged (not claimed, or inconclusive after another finding) is unchecked. Pure: the report's verdict and
 * findings are kept as they are, the outcome is added beside them.
 */
export function applyExpectations<R extends CheckReport>(report: R, file: ExpectationsFile | undefined, source: string, options: { readonly allowUnexpectedPasses?: boolean } = {}): WithExpectations<R> {
  const mine = expectationsFor(file, report.adapter);
  const reasonOf = new Map<FindingKind, string>(mine.map((e) => [e.invariant, e.reason]));
  const expected: ExpectedFinding[] = [];
  const fresh: FindingKind[] = [];
  for (const v of report.violations) {
    const reason = reasonOf.get(v.invariant);
    if (reason === undefined) {
      if (!fresh.includes(v.invariant)) fresh.push(v.invariant);
    } else if (!expected.some((e) => e.invariant === v.invariant)) expected.push({ invariant: v.invariant, reason, replay: v.replay });
  }
  const unexpectedPasses: UnexpectedPass[] = [];
  const unchecked: UncheckedExpectation[] = [];
  for (const e of mine) {
    if (expected.some((x) => x.invariant === e.invariant)) continue;
    const status = report.invariants.find((r) => r.invariant === e.invariant)?.status;
    // Harness-level findings (DIFFERENTIAL, ADAPTER-ERROR, TIMEOUT) have no status: a clean verdict refutes them.
    const refuted = status === undefined ? report.verdict === 'conformant' : status === 'passed';
    if (refuted) unexpectedPasses.push({ invariant: e.invariant, reason: e.reason });
    else unchecked.push({ invariant: e.invariant, reason: e.reason, status: status === 'not-claimed' ? 'not-claimed' : 'inconclusive' });
  }
  const allowUnexpectedPasses = options.allowUnexpectedPasses === true;
  // A verdict of `error` or `unknown` counts only when a finding explains it (an adapter error, a timeout);
  // `unknown` from situations never reached, or `diverged`, never passes.
  const evidence = report.verdict === 'conformant' || report.verdict === 'violation' || (report.verdict !== 'diverged' && report.violations.some((v) => v.invariant === 'ADAPTER-ERROR' || v.invariant === 'TIMEOUT'));
  // A finding accepted without a reason is not yet accepted: the gate stays red until a person writes why.
  const unjudged = mine.filter((e) => isUnjudged(e.reason)).map((e) => e.invariant);
  const passed = evidence && fresh.length === 0 && unjudged.length === 0 && (allowUnexpectedPasses || unexpectedPasses.length === 0);
  const parts = [
    ...(fresh.length === 0 ? [] : [`${plural(fresh.length, 'new finding', 'new findings')}: ${fresh.join(', ')}`]),
    ...(unjudged.length === 0 ? [] : [`${plural(unjudged.length, 'entry needs', 'entries need')} judgement: ${unjudged.join(', ')} (replace "${NEEDS_JUDGEMENT} …" in ${source} with why each is accepted)`]),
    ...(unexpectedPasses.length === 0 ? [] : [`${plural(unexpectedPasses.length, 'unexpected pass', 'unexpected passes')}: ${unexpectedPasses.map((u) => u.invariant).join(', ')} (remove ${unexpectedPasses.length === 1 ? 'it' : 'them'} from ${source}${allowUnexpectedPasses ? '; allowed by --allow-unexpected-pass' : ''})`]),
    ...(expected.length === 0 ? [] : [`${plural(expected.length, 'known finding', 'known findings')}: ${expected.map((e) => e.invariant).join(', ')}`]),
    ...(unchecked.length === 0 ? [] : [`${plural(unchecked.length, 'expectation', 'expectations')} not checked: ${unchecked.map((u) => `${u.invariant} (${u.status})`).join(', ')}`]),
  ];
  const head = !evidence ? `no verdict to compare (${report.verdict})` : passed ? 'as expected' : 'not as expected';
  return { ...report, expectations: { file: source, expected, new: fresh, unexpectedPasses, unchecked, ...(unjudged.length === 0 ? {} : { unjudged }), allowUnexpectedPasses, passed, summary: `${head}${parts.length === 0 ? '' : `: ${parts.join('; ')}`}` } };
}
