import { INVARIANT_IDS, INVARIANTS, RUNTIME_INVARIANT_IDS } from '../model/invariants.ts';
import type { InvariantId } from '../model/invariants.ts';
import type { CheckReport, InvariantResult, Verdict } from '../run/CheckReport.ts';
import type { FindingKind } from '../check/FindingKind.ts';
import { formatCount, mdCell, mdCode, mdTable } from '../util/markdownText.ts';
import { jsonText } from '../util/writeReport.ts';
import { terminalText } from '../util/terminalText.ts';

/**
 * What a runtime of the suite is expected to do: pass everything, be caught breaking one rule (a zoo member),
 * or fail somewhere (`violation`: a baseline that breaks many rules).
 */
export type Expectation = 'conformant' | 'violation' | 'diverged' | FindingKind;

/** A cell of the matrix: an invariant's status, or `found` for the differential and adapter columns. */
export type CellStatus = InvariantResult['status'] | 'found' | 'none' | 'not-run';

export const EXTRA_COLUMNS = ['DIFFERENTIAL', 'ADAPTER'] as const;
export type MatrixColumn = InvariantId | (typeof EXTRA_COLUMNS)[number];

export interface MatrixRow {
  readonly runtime: string;
  readonly version: string;
  readonly description: string;
  readonly expected: Expectation;
  readonly verdict: Verdict;
  /** The reference is conformant; a broken runtime is caught on the invariant it was built to break. */
  readonly asExpected: boolean;
  readonly seed: number;
  readonly runs: number;
  /** Runtime mode: runs complete and cut short (spec/ADAPTER.md §6); only complete runs are evidence. */
  readonly runsComplete?: number;
  readonly runsCutShort?: number;
  readonly opsChecked: number;
  readonly opsPerSecond: number;
  readonly durationMs: number;
  /** One cell per invariant of `ConformanceMatrix.invariants`, then DIFFERENTIAL and ADAPTER. */
  readonly cells: Readonly<Partial<Record<MatrixColumn, CellStatus>>>;
  readonly violations: readonly { readonly invariant: FindingKind; readonly step: number; readonly traceLength: number; readonly because: readonly string[]; readonly replay: string; readonly counterexample: string }[];
  readonly error?: string;
}

/** reports/conformance.json: the runtime × invariant matrix. Format `prunecheck-conformance/1`. */
export interface ConformanceMatrix {
  readonly format: 'prunecheck-conformance/1';
  readonly prunecheckVersion: string;
  readonly specVersion: string;
  readonly seed: number;
  /** `--runs` as given; absent when each engine ran its default number (the rows say how many completed). */
  readonly runs?: number;
  /** The invariants any report of the run covers (runtime-mode reports cover INV-01…15), in SPEC.md order. */
  readonly invariants: readonly { readonly id: InvariantId; readonly rule: string }[];
  readonly rows: readonly MatrixRow[];
  readonly summary: { readonly runtimes: number; readonly asExpected: number; readonly unexpected: readonly string[] };
}

export interface MatrixEntry {
  readonly report: CheckReport;
  readonly expected: Expectation;
  readonly description?: string;
}

/** Whether a report meets its expectation. A broken runtime counts only if caught on its own invariant. */
export function meetsExpectation(report: CheckReport, expected: Expectation): boolean {
  if (expected === 'conformant') return report.verdict === 'conformant';
  if (expected === 'diverged') return report.verdict === 'diverged';
  if (expected === 'violation') return report.verdict !== 'conformant';
  return report.verdict !== 'conformant' && report.violations.some((v) => v.invariant === expected);
}

function cellsOf(report: CheckReport, columns: readonly InvariantId[]): Partial<Record<MatrixColumn, CellStatus>> {
  const cells: Partial<Record<MatrixColumn, CellStatus>> = {};
  for (const id of columns) cells[id] = report.invariants.find((r) => r.invariant === id)?.status ?? 'not-claimed';
  cells.DIFFERENTIAL = differentialCell(report);
    // Not every `error` text is the adapter's fault: an `unknown` verdict explains unreached situations there.
  cells.ADAPTER = report.violations.some((v) => v.invariant === 'ADAPTER-ERROR' || v.invariant === 'TIMEOUT') || report.verdict === 'error' ? 'found' : 'none';
  return cells;
}

/** The differential check runs in runtime mode and counts for adapters claiming every runtime invariant (INV-01…INV-15, INV-27 onward); passed only when the check was. */
function differentialCell(report: CheckReport): CellStatus {
  if (report.violations.some((v) => v.invariant === 'DIFFERENTIAL')) return 'found';
  const runtime = (report as { readonly mode?: unknown }).mode !== 'policy';
  const claimsAll = RUNTIME_INVARIANT_IDS.every((id) => report.invariants.some((r) => r.invariant === id && r.status !== 'not-claimed'));
  if (!runtime || !claimsAll) return 'not-run';
  return report.verdict === 'conformant' ? 'none' : 'inconclusive';
}

export function buildConformanceMatrix(entries: readonly MatrixEntry[], run: { readonly seed: number; readonly runs?: number | undefined }): ConformanceMatrix {
  const covered = new Set(entries.flatMap((e) => e.report.invariants.map((r) => r.invariant)));
  const columns = INVARIANT_IDS.filter((id) => covered.has(id));
  const rows = entries.map(({ report, expected, description }): MatrixRow => ({
    runtime: report.adapter,
    version: report.adapterVersion,
    description: description ?? '',
    expected,
    verdict: report.verdict,
    asExpected: meetsExpectation(report, expected),
    seed: report.seed,
    runs: report.runs,
    ...(report.evidence === undefined ? {} : { runsComplete: report.evidence.runsComplete, runsCutShort: report.evidence.runsCutShort }),
    opsChecked: report.opsChecked,
    opsPerSecond: report.opsPerSecond,
    durationMs: report.durationMs,
    cells: cellsOf(report, columns),
    violations: report.violations.map(({ invariant, step, traceLength, because, replay, counterexample }) => ({ invariant, step, traceLength, because, replay, counterexample })),
    ...(report.error === undefined ? {} : { error: report.error }),
  }));
  const first = entries[0]?.report;
  return {
    format: 'prunecheck-conformance/1',
    prunecheckVersion: first?.prunecheckVersion ?? '',
    specVersion: first?.specVersion ?? '',
    seed: run.seed,
    ...(run.runs === undefined ? {} : { runs: run.runs }),
    invariants: columns.map((id) => ({ id, rule: INVARIANTS[id] })),
    rows,
    summary: { runtimes: rows.length, asExpected: rows.filter((r) => r.asExpected).length, unexpected: rows.filter((r) => !r.asExpected).map((r) => r.runtime) },
  };
}

export function renderConformanceJson(matrix: ConformanceMatrix): string {
  return jsonText(matrix);
}

const SYMBOL: Record<CellStatus, string> = { passed: '✅', violated: '❌', 'not-claimed': '➖', 'not-run': '➖', inconclusive: '❔', unknown: '👁️‍🗨️', found: '❌', none: '✅' };

/** reports/conformance.md: the matrix as a table, then every finding with the command that replays it. */
export function renderConformanceMarkdown(matrix: ConformanceMatrix): string {
  const columns: readonly MatrixColumn[] = [...matrix.invariants.map((i) => i.id), ...EXTRA_COLUMNS];
  const header = ['runtime', 'expected', 'verdict', 'as expected', ...columns.map((c) => c.replace('INV-', '')), 'ops/s'];
  const rows = matrix.rows.map((r) => [r.runtime, r.expected, r.verdict, r.asExpected ? 'yes' : '**NO**', ...columns.map((c) => SYMBOL[r.cells[c] ?? 'not-claimed']), formatCount(r.opsPerSecond)]);
  const findings = matrix.rows.flatMap((r) =>
    r.violations.map((v) => [`### ${r.runtime}: ${v.invariant} at step ${v.step} of ${v.traceLength}`, '', ...v.because.map((line) => `- ${mdCell(line)}`), '', mdCode(v.replay, 'sh')].join('\n')),
  );
  const errors = matrix.rows.filter((r) => r.error !== undefined).map((r) => `- **${mdCell(r.runtime)}** (${r.verdict}): ${mdCell(r.error ?? '')}`);
  const { summary } = matrix;
  // Runtime names, descriptions and findings come from adapters: the last pass escapes any control character.
  return terminalText([
    '# prunecheck conformance matrix',
    '',
    `prunecheck ${matrix.prunecheckVersion}, spec ${matrix.specVersion}; seed ${matrix.seed}, ${matrix.runs === undefined ? "each engine's default number of runs" : `${formatCount(matrix.runs)} runs`} per runtime. ` +
      `${summary.asExpected} of ${summary.runtimes} runtimes behaved as expected` +
      (summary.unexpected.length === 0 ? '.' : `; unexpected: ${summary.unexpected.map(mdCell).join(', ')}.`),
    '',
    'Numbered columns are the invariants of spec/SPEC.md; DIFFERENTIAL is an outcome that differs from the reference model, ADAPTER an operation that threw, timed out or answered a malformed observation. ' +
      '✅ passed · ❌ violated · 👁️‍🗨️ unknown: not observable (the adapter does not expose what the invariant needs: auditLog(), request()) · ➖ not claimed, or not run (the differential check: policy mode, or an adapter not claiming every runtime invariant) · ❔ inconclusive (not judged to the end: the check stopped at another finding, or its evidence was too thin; the row\'s verdict and errors say which).',
    '',
    mdTable(header, rows),
    '',
    '## Runtimes',
    '',
    mdTable(
      ['runtime', 'version', 'what it does', 'runs', 'complete / cut short', 'ops checked'],
      matrix.rows.map((r) => [r.runtime, r.version, r.description, formatCount(r.runs), r.runsComplete === undefined ? '' : `${formatCount(r.runsComplete)} / ${formatCount(r.runsCutShort ?? 0)}`, formatCount(r.opsChecked)]),
    ),
    ...(errors.length === 0 ? [] : ['', '## Errors and unknown verdicts', '', ...errors]),
    ...(findings.length === 0 ? [] : ['', '## Findings and replay commands', '', findings.join('\n\n')]),
    '',
    '## Invariants',
    '',
    mdTable(['invariant', 'rule'], matrix.invariants.map((i) => [i.id, i.rule])),
    '',
  ].join('\n'), { keepNewlines: true });
}
