import { INVARIANTS } from '../model/invariants.ts';
import type { CheckReport, Evidence, InvariantResult, Verdict } from '../run/CheckReport.ts';
import { expectationStatus, prettyExpectationLines } from '../run/expectations/renderExpectations.ts';
import { formatCount } from '../util/markdownText.ts';
import { terminalText as t } from '../util/terminalText.ts';
import { savedCounterexample } from './savedCounterexample.ts';
import { policyRunLines } from './policy/policyRunLines.ts';

export interface PrettyOptions {
  /** ANSI colours (the CLI turns them on for a terminal without NO_COLOR). */
  readonly color?: boolean;
  /** The command that re-runs this whole check with the same seed; printed last. */
  readonly rerun?: string;
}

type Paint = (code: number, text: string) => string;

const MARK: Record<InvariantResult['status'], [string, number]> = { passed: ['✓', 32], violated: ['✗', 31], 'not-claimed': ['–', 2], inconclusive: ['?', 33], unknown: ['?', 33] };
const VERDICT_COLOR: Record<Verdict, number> = { conformant: 32, violation: 31, diverged: 31, error: 31, unknown: 33 };

/**
 * The human-readable report for a terminal: one line per invariant, each failure with its replay command. Every
 * string the report carries from outside (an adapter's name and version, its error messages, a merged shard's
 * fields, file paths) goes through `terminalText`, so no control character reaches the terminal.
 */
export function renderPrettyReport(report: CheckReport, options: PrettyOptions = {}): string {
  const paint: Paint = options.color === true ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  const lines: string[] = [
    `prunecheck check ${t(report.adapter)} ${t(report.adapterVersion)} (spec ${t(report.specVersion)}, prunecheck ${t(report.prunecheckVersion)})`,
    `seed ${report.seed} · ${formatCount(report.runs)} runs · ${formatCount(report.opsChecked)} ops checked · ${formatCount(report.opsPerSecond)} ops/s · ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
  ];
  for (const result of report.invariants) {
    const [mark, code] = MARK[result.status];
    const checked = result.checked === undefined ? '' : ` · ${formatCount(result.checked)} ops checked`;
    const suffix = result.status === 'not-claimed' ? ' (not claimed)' : result.status === 'inconclusive' ? ` (inconclusive: ${shortReason(result.reason)})${checked}` : result.status === 'unknown' ? ` (unknown: ${result.reason ?? 'not observable'})` : checked;
    const expectation = expectationStatus(report, result.invariant);
    lines.push(`  ${paint(code, mark)} ${t(result.invariant)} ${INVARIANTS[result.invariant]}${t(suffix)}${expectation === undefined ? '' : ` [${t(expectation.text)}]`}`);
  }
  if (report.evidence !== undefined) lines.push('', ...evidenceLines(report.evidence));
  const policyRun = policyRunLines(report);
  if (policyRun.length > 0) lines.push('', ...policyRun.map((line) => t(line)));
  for (const v of report.violations) {
    lines.push('', paint(31, `✗ ${t(v.invariant)} at step ${v.step} of ${v.traceLength}`));
    for (const line of v.because) lines.push(`    ${t(line)}`);
    // Policy-mode findings may carry the library's own word that the behaviour is by design.
    const note = (v as { readonly note?: unknown }).note;
    if (typeof note === 'string') lines.push(`  note: ${t(note)}`);
    const saved = savedCounterexample(v, report.error);
    if (saved.kind === 'saved') lines.push(`  counterexample: ${t(saved.file)}`, `  replay: ${paint(1, t(saved.replay))}`);
    else lines.push(`  counterexample: ${t(saved.why)}`);
  }
  const situations = Object.entries(report.situations);
  const unreached = situations.filter(([, runs]) => runs === 0).map(([name]) => name);
  // After a finding the check stops early, so unreached situations say nothing about the generator then;
  // a policy check runs every case whatever it finds, so its situations are always evidence.
  if (situations.length > 0 && (report.violations.length === 0 || (report as { readonly mode?: unknown }).mode === 'policy')) {
    lines.push('', `dangerous situations reached: ${situations.length - unreached.length}/${situations.length}${unreached.length === 0 ? '' : ` (never: ${t(unreached.join(', '))})`}`);
  }
  if (report.error !== undefined) lines.push('', paint(31, `error: ${t(report.error)}`));
  if (report.inProcess === true) lines.push('', IN_PROCESS_NOTE);
  const count = report.violations.length;
  const detail = count === 0 ? '' : ` (${count} ${count === 1 ? 'finding' : 'findings'})`;
  lines.push('', `verdict: ${paint(VERDICT_COLOR[report.verdict], t(report.verdict))}${detail}`, ...prettyExpectationLines(report).map((line) => t(line)));
  if (options.rerun !== undefined) lines.push(`re-run with the same seed: ${t(options.rerun)}`);
  return `${lines.join('\n')}\n`;
}

/** What a report says when the adapter module ran in prunecheck's own process (`--in-process`, issue 25). */
export const IN_PROCESS_NOTE = "in-process: the adapter module ran inside prunecheck's own process (--in-process), not in a supervised process of its own; an exit, a crash or a hang in it could have ended the check without a verdict";

/** Runs complete and cut short, findings on unclaimed invariants, choices adopted: what the verdict rests on. */
export function evidenceLines(evidence: Evidence): string[] {
  const lines = [`runs: ${formatCount(evidence.runsComplete)} complete, ${formatCount(evidence.runsCutShort)} cut short (only complete runs count as evidence)`];
  const unclaimed = Object.entries(evidence.unclaimed).map(([id, e]) => `${t(id)} ×${e.resumed + e.cutShort}${e.cutShort === 0 ? '' : ` (${e.cutShort} cut a run short)`}`);
  if (unclaimed.length > 0) lines.push(`findings on invariants not claimed: ${unclaimed.join(', ')}`);
  if (evidence.choicesAdopted > 0) lines.push(`choices the spec leaves open, made otherwise than the reference and adopted: ${formatCount(evidence.choicesAdopted)}`);
  if (evidence.rechecks !== undefined) lines.push(`rechecks of every id and signature an episode touched: ${formatCount(evidence.rechecks)}${evidence.rechecks === 0 ? ' (rechecking was off, or no run reached one)' : ''}`);
  return lines;
}

/** A status reason on one line: the evidence gap in full is the report's error, printed once below. */
function shortReason(reason: string | undefined): string {
  if (reason === undefined) return 'not judged to the end';
  return reason.startsWith('no violation, but the evidence is too thin') ? 'no violation, but the evidence is too thin for a verdict; see below' : reason;
}

