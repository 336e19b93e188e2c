import { INVARIANTS, RUNTIME_INVARIANT_IDS } from '../model/invariants.ts';
import type { CheckReport, Violation } from '../run/CheckReport.ts';
import type { FindingKind } from '../check/FindingKind.ts';
import { expectationsOf } from '../run/expectations/applyExpectations.ts';
import { junitExpectationOutcome } from '../run/expectations/renderExpectations.ts';
import { xmlAttr, xmlText } from '../util/xmlEscape.ts';
import { savedCounterexample } from './savedCounterexample.ts';

interface Case {
  readonly name: string;
  readonly outcome: { readonly kind: 'passed' } | { readonly kind: 'skipped'; readonly message: string } | { readonly kind: 'failure' | 'error'; readonly type: string; readonly message: string; readonly body: string };
}

/** The text of a failure: the because chain, then the command that replays it and where the file is. */
function failureBody(violations: readonly Violation[], error: string | undefined): string {
  return violations
    .map((v) => {
      const saved = savedCounterexample(v, error);
      const where = saved.kind === 'saved' ? [`replay: ${saved.replay}`, `counterexample: ${saved.file}`] : [`counterexample: ${saved.why}`];
      return [`${v.invariant} at step ${v.step} of ${v.traceLength}:`, ...v.because.map((line) => `  ${line}`), ...where].join('\n');
    })
    .join('\n\n');
}

function findingCase(name: string, kind: 'failure' | 'error', found: readonly Violation[], error: string | undefined): Case {
  const first = found[0];
  if (first === undefined) return { name, outcome: { kind: 'passed' } };
  return { name, outcome: { kind, type: first.invariant, message: `${first.invariant} at step ${first.step}: ${first.because[0] ?? ''}`, body: failureBody(found, error) } };
}

/**
 * The differential check's case: it runs in runtime mode only, and counts only for an adapter claiming every
 * runtime invariant (spec/ADAPTER.md §5); it passes only when the whole check did. Nothing not run is passed.
 */
function differentialCase(report: CheckReport): Case {
  const name = 'DIFFERENTIAL outcomes match the reference model';
  const found = report.violations.filter((v) => v.invariant === 'DIFFERENTIAL');
  if (found.length > 0) return findingCase(name, 'failure', found, report.error);
  if ((report as { readonly mode?: unknown }).mode === 'policy') return { name, outcome: { kind: 'skipped', message: 'not run: policy mode has no reference model of a message list to compare with' } };
  const claimsAll = RUNTIME_INVARIANT_IDS.every((id) => report.invariants.some((r) => r.invariant === id && r.status !== 'not-claimed'));
  if (!claimsAll) return { name, outcome: { kind: 'skipped', message: `not counted: the differential check counts only for adapters claiming every runtime invariant (INV-01…INV-15 and INV-27 onward), and ${report.adapter} does not` } };
  if (report.verdict !== 'conformant') return { name, outcome: { kind: 'skipped', message: `inconclusive: the check ended ${report.verdict}${report.violations[0] === undefined ? '' : ` at the ${report.violations[0].invariant} finding`}` } };
  return { name, outcome: { kind: 'passed' } };
}

/** One case per invariant of SPEC.md, then one for the differential check and one for the adapter's health. */
function cases(report: CheckReport): Case[] {
  const invariantCases = report.invariants.map((result): Case => {
    const name = `${result.invariant} ${INVARIANTS[result.invariant]}`;
    if (result.status === 'not-claimed') return { name, outcome: { kind: 'skipped', message: `not claimed by adapter ${report.adapter}` } };
    if (result.status === 'unknown') return { name, outcome: { kind: 'skipped', message: `unknown: ${result.reason ?? 'not observable'}` } };
    if (result.status === 'inconclusive') return { name, outcome: { kind: 'skipped', message: `inconclusive: ${result.reason ?? 'the check did not judge it to the end'}` } };
    const found = report.violations.filter((v) => v.invariant === result.invariant);
    if (result.status === 'violated' && found.length === 0) {
      return { name, outcome: { kind: 'failure', type: result.invariant, message: `${result.invariant} violated`, body: `${result.invariant} violated (no counterexample recorded)` } };
    }
    return findingCase(name, 'failure', found, report.error);
  });
  const differential = differentialCase(report);
  let adapter = findingCase('ADAPTER operations answer in time with well-formed observations', 'error', report.violations.filter((v) => v.invariant === 'ADAPTER-ERROR' || v.invariant === 'TIMEOUT'), report.error);
  if (adapter.outcome.kind === 'passed' && report.error !== undefined) {
    adapter = { name: adapter.name, outcome: { kind: 'error', type: report.verdict, message: report.error, body: report.error } };
  }
  // Known findings (docs/expectations.md): expected failures are skipped with their reason, unexpected passes fail.
  const expected = (c: Case, id: FindingKind): Case => ({ name: c.name, outcome: junitExpectationOutcome(report, id, c.outcome) });
  return [...invariantCases.map((c, i) => expected(c, report.invariants[i]?.invariant ?? 'DIFFERENTIAL')), expected(differential, 'DIFFERENTIAL'), expected(adapter, 'ADAPTER-ERROR')];
}

function renderCase(report: CheckReport, c: Case): string {
  const open = `    <testcase classname="${xmlAttr(`prunecheck.${report.adapter}`)}" name="${xmlAttr(c.name)}" time="0">`;
  switch (c.outcome.kind) {
    case 'passed':
      return `    <testcase classname="${xmlAttr(`prunecheck.${report.adapter}`)}" name="${xmlAttr(c.name)}" time="0"/>`;
    case 'skipped':
      return `${open}\n      <skipped message="${xmlAttr(c.outcome.message)}"/>\n    </testcase>`;
    default:
      return `${open}\n      <${c.outcome.kind} type="${xmlAttr(c.outcome.type)}" message="${xmlAttr(c.outcome.message)}">${xmlText(c.outcome.body)}</${c.outcome.kind}>\n    </testcase>`;
  }
}

/**
 * JUnit XML for CI: one test case per invariant (not claimed → skipped, violated → failure carrying the
 * because chain and the replay command), plus the differential check and adapter errors. Run-level facts
 * (seed, runs, ops) are suite properties, so a CI page shows how to reproduce the run.
 */
export function renderJunitReport(report: CheckReport): string {
  const all = cases(report);
  const count = (kind: Case['outcome']['kind']): number => all.filter((c) => c.outcome.kind === kind).length;
  const seconds = (report.durationMs / 1000).toFixed(3);
  const counts = `tests="${all.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}" time="${seconds}"`;
  const properties: [string, string][] = [
    ['verdict', report.verdict],
    ['seed', String(report.seed)],
    ['runs', String(report.runs)],
    ['opsChecked', String(report.opsChecked)],
    ['opsPerSecond', String(report.opsPerSecond)],
    ['adapterVersion', report.adapterVersion],
    ['prunecheckVersion', report.prunecheckVersion],
    ['specVersion', report.specVersion],
    ...(report.evidence === undefined
      ? []
      : ([
          ['runsComplete', String(report.evidence.runsComplete)],
          ['runsCutShort', String(report.evidence.runsCutShort)],
          ['choicesAdopted', String(report.evidence.choicesAdopted)],
        ] as [string, string][])),
    ...report.invariants.flatMap((r): [string, string][] => (r.checked === undefined ? [] : [[`checked:${r.invariant}`, String(r.checked)]])),
    ...Object.entries(report.situations).map(([name, runs]): [string, string] => [`situation:${name}`, String(runs)]),
    ...((outcome) => (outcome === undefined ? [] : [['expectations', `${outcome.file}: ${outcome.summary}`] as [string, string]]))(expectationsOf(report)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="prunecheck" ${counts}>`,
    `  <testsuite name="${xmlAttr(`prunecheck check ${report.adapter}`)}" ${counts}>`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`),
    '    </properties>',
    ...all.map((c) => renderCase(report, c)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
