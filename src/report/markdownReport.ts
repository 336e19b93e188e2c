import { INVARIANTS } from '../model/invariants.ts';
import type { CheckReport, InvariantResult, Violation } from '../run/CheckReport.ts';
import { expectationStatus, markdownExpectationLines } from '../run/expectations/renderExpectations.ts';
import { formatCount, mdCell, mdCode, mdInlineCode, mdTable } from '../util/markdownText.ts';
import { policyRunLines } from './policy/policyRunLines.ts';
import { savedCounterexample } from './savedCounterexample.ts';
import { terminalText } from '../util/terminalText.ts';
import { evidenceLines, IN_PROCESS_NOTE } from './prettyReport.ts';

const STATUS: Record<InvariantResult['status'], string> = { passed: '✅ passed', violated: '❌ violated', 'not-claimed': '➖ not claimed', inconclusive: '❔ inconclusive', unknown: '👁️‍🗨️ unknown' };

function violationSection(v: Violation, error: string | undefined): string {
  // Policy-mode findings may carry the library's own word that the behaviour is by design.
  const note = (v as { readonly note?: unknown }).note;
  const saved = savedCounterexample(v, error);
  return [
    `### ${mdCell(v.invariant)} at step ${v.step} of ${v.traceLength}`,
    '',
    ...v.because.map((line) => `- ${mdCell(line)}`),
    ...(typeof note === 'string' ? ['', `Note: ${mdCell(note)}`] : []),
    '',
    ...(saved.kind === 'saved' ? [`Counterexample: ${mdInlineCode(saved.file)}. Replay:`, '', mdCode(saved.replay, 'sh')] : [`Counterexample: ${mdCell(saved.why)}`]),
  ].join('\n');
}

/** The Markdown report, for people: the verdict and the seed first, a table of invariants, then each failure. */
export function renderMarkdownReport(report: CheckReport): string {
  const firstStep = (id: string): string => {
    const found = report.violations.filter((v) => v.invariant === id);
    return found.length === 0 ? '' : String(Math.min(...found.map((v) => v.step)));
  };
  const firstBecause = (id: string): string => report.violations.find((v) => v.invariant === id)?.because.join('\n') ?? '';
  const others = report.violations.filter((v) => !(v.invariant in INVARIANTS));
  const situations = Object.entries(report.situations);
  // Each outside string is escaped where it is placed (mdCell, mdCode, mdInlineCode); the last pass keeps any
  // that a table row or a heading carries raw from reaching a terminal showing the file.
  const text = [
    `# prunecheck check: ${mdCell(report.adapter)} — ${mdCell(report.verdict)}`,
    '',
    mdTable(
      ['adapter', 'verdict', 'seed', 'runs', 'ops checked', 'ops/s', 'duration', 'versions'],
      [[`${report.adapter} ${report.adapterVersion}`, report.verdict, String(report.seed), String(report.runs), formatCount(report.opsChecked), formatCount(report.opsPerSecond), `${(report.durationMs / 1000).toFixed(1)} s`, `prunecheck ${report.prunecheckVersion}, spec ${report.specVersion}`]],
    ),
    ...(report.error === undefined ? [] : ['', `**Error:** ${mdCell(report.error)}`]),
    ...(report.inProcess === true ? ['', `**Note:** ${mdCell(IN_PROCESS_NOTE)}`] : []),
    '',
    '## Invariants',
    '',
    mdTable(
      ['invariant', 'rule', 'status', 'ops checked', 'first step', 'because'],
      [
        ...report.invariants.map((r) => [r.invariant, INVARIANTS[r.invariant], `${STATUS[r.status]}${((e) => (e === undefined ? '' : ` (${e.text})`))(expectationStatus(report, r.invariant))}`, r.checked === undefined ? '' : formatCount(r.checked), firstStep(r.invariant), r.status === 'inconclusive' || r.status === 'unknown' ? (r.reason ?? '') : firstBecause(r.invariant)]),
        ...[...new Set(others.map((v) => v.invariant))].map((id) => [id, id === 'DIFFERENTIAL' ? 'outcome differs from the reference model' : 'adapter misbehaviour', '❌ found', '', firstStep(id), firstBecause(id)]),
      ],
    ),
    ...markdownExpectationLines(report, mdCell),
    ...(report.evidence === undefined ? [] : ['', '## Evidence', '', ...evidenceLines(report.evidence).map((line) => `- ${mdCell(line)}`)]),
    ...((lines) => (lines.length === 0 ? [] : ['', '## How the check ran', '', ...lines.map((line) => `- ${mdCell(line)}`)]))(policyRunLines(report)),
    ...(report.violations.length === 0 ? [] : ['', '## Violations', '', report.violations.map((v) => violationSection(v, report.error)).join('\n\n')]),
    ...(situations.length === 0 ? [] : ['', '## Dangerous situations reached', '', mdTable(['situation', 'runs'], situations.map(([name, runs]) => [name, String(runs)]))]),
    '',
  ].join('\n');
  return terminalText(text, { keepNewlines: true });
}
