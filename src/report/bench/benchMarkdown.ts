import { BENCH_PATHS, type BenchPathId, type BenchReport, type BenchSubject, type MemoryMeasurement, type TargetResult, type TargetSummary } from './BenchReport.ts';
import { summarizeTargets } from './benchSummaries.ts';
import { formatNs, formatPercent, formatRatio, formatSize, significant } from './benchFormat.ts';
import { findMeasurement, memoryBreakEven } from './benchTargets.ts';
import { supervisedCost } from './supervisedCost.ts';

const SUBJECT_LABEL: Readonly<Record<BenchSubject, string>> = { reference: 'reference', naive: 'naive', ceiling: 'ceiling' };

/** `reports/bench.md`: the targets first, then the costs table, the chart, memory, and how it was measured. */
export function renderBenchMarkdown(report: BenchReport, chartFile = 'bench.svg'): string {
  const lines: string[] = [
    '# Benchmarks: the reference hot path',
    '',
    `${report.mode === 'quick' ? 'Quick run (fewer sizes and iterations: indicative only)' : 'Full run'} of \`${report.command}\`, ` +
      `started ${report.startedAt}, ${significant(report.durationMs / 1000)} s, seed ${report.seed}. ` +
      `Node ${report.environment.node} (V8 ${report.environment.v8}) on ${report.environment.platform}/${report.environment.arch}, ` +
      `${report.environment.cpu}, ${report.environment.cores} cores, ${report.environment.totalMemoryGiB} GiB; ` +
      `load average ${report.environment.loadAverage.start.toFixed(1)} at the start, ${report.environment.loadAverage.end.toFixed(1)} at the end.`,
    '',
    ...targetSection(report),
    ...costSection(report, chartFile),
    ...protocolSection(report),
    ...scalingSection(report),
    ...memorySection(report.memory),
    ...methodSection(report),
  ];
  if (report.missing.length > 0) lines.push('## Not measured', '', ...report.missing.map((m) => `- ${m}`), '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The status cell of a target: met, missed by how much, or not measured. */
export function targetStatus(target: TargetResult): string {
  if (target.status === 'met') return 'met';
  if (target.status === 'not-measured') return 'not measured';
  return `**missed** by ${formatPercent(target.missBy ?? 0)}`;
}

function targetSection(report: BenchReport): string[] {
  const { targets } = report;
  const summaries = report.summaries ?? summarizeTargets(targets, report);
  const count = (status: TargetSummary['status']): number => summaries.filter((t) => t.status === status).length;
  const lines = [
    '## Targets',
    '',
    `The targets of issues 14 and 26, each judged from ratios within this one run: ${count('met')} met, ${count('missed')} missed, ${count('not-measured')} not measured. ` +
      'A row is met when every ratio behind it is; its figure is the worst of them (the one missed by most, else the one closest to its limit).',
    '',
    '| target | status | worst ratio | limit | reason |',
    '| --- | --- | ---: | ---: | --- |',
  ];
  for (const t of summaries) {
    const worst = t.worst;
    const status = t.status === 'not-measured' && worst === undefined ? 'not measured' : t.status === 'missed' ? `**missed** by ${formatPercent(worst?.missBy ?? 0)}${t.met + t.missed > 1 ? ` (${t.missed} of ${t.met + t.missed})` : ''}` : t.status === 'met' ? `met${t.met > 1 ? ` (all ${t.met})` : ''}` : `met so far (${t.met} measured)`;
    const several = targets.filter((r) => r.group === t.group).length > 1;
    const figure = worst?.measured === undefined ? '—' : `${formatTargetValue(worst, worst.measured)}${several ? ` (${ratioName(worst)})` : ''}`;
    const limit = worst === undefined ? '—' : `${worst.comparison === 'at-most' ? '≤' : '≥'} ${formatTargetValue(worst, worst.threshold)}`;
    lines.push(`| ${t.description} | ${status} | ${figure} | ${limit} | ${t.reason} |`);
  }
  const met = targets.filter((t) => t.status === 'met').length;
  const missed = targets.filter((t) => t.status === 'missed').length;
  lines.push(
    '',
    '### Every ratio behind them',
    '',
    `${met} met, ${missed} missed, ${targets.length - met - missed} not measured.`,
    '',
    '| target | measured | limit | status | from |',
    '| --- | ---: | ---: | --- | --- |',
  );
  for (const t of targets) {
    const measured = t.measured === undefined ? '—' : formatTargetValue(t, t.measured);
    const limit = Number.isFinite(t.threshold) ? `${t.comparison === 'at-most' ? '≤' : '≥'} ${formatTargetValue(t, t.threshold)}` : '—';
    lines.push(`| ${t.description} | ${measured} | ${limit} | ${targetStatus(t)} | ${t.detail} |`);
  }
  lines.push('');
  return lines;
}

/** Which of its row's ratios a target is: the directive, or the content and size. */
function ratioName(target: TargetResult): string {
  const [kind, rest = ''] = target.id.split(/[:@](.*)/s);
  if (kind === 'growth' || kind === 'naive') return BENCH_PATHS.find((p) => p.id === rest)?.label ?? rest;
  const size = Number(/^(\d+)/.exec(rest)?.[1]);
  const at = Number.isFinite(size) ? `at ${formatSize(size)}` : rest;
  if (kind === 'prune-vs-sha256') return `${rest.endsWith(':small') ? '~250 B' : '~1 KB'} content, ${at}`;
  return at;
}

function formatTargetValue(target: TargetResult, value: number): string {
  if (target.group === 'memory') return `${Math.round(value)} B`;
  if (target.group === 'property-run') return formatPercent(value);
  if (target.group === 'start-up' || target.group === 'default-rate') return formatPercent(value);
  return formatRatio(value);
}

/** What the line protocol costs per operation, in-process against a child over stdio. */
function protocolSection(report: BenchReport): string[] {
  const rows = report.protocol ?? [];
  if (rows.length === 0) return [];
  const lines = [
    '## Protocol round trip',
    '',
    'The reference in-process against the same reference as a child over stdio (`examples/node/reference_runtime.ts`), on the same seeded episodes, ' +
      'subjects interleaved episode by episode, wall clock, median over rounds (`bench/protocolRoundTrip.ts`, also `npm run bench:protocol`). ' +
      'An engine step is what the episode driver asks per operation: the touched ids observed before and after, the operation applied, and a `callTool`\'s ledger record.',
    '',
    '| workload | in-process ops/s | stdio ops/s | ratio |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const r of rows) lines.push(`| ${r.workload} | ${r.inProcessOpsPerSecond.toLocaleString('en-US')} | ${r.stdioOpsPerSecond.toLocaleString('en-US')} | ${formatRatio(r.ratio)} |`);
  lines.push('');
  const cost = supervisedCost(rows);
  if (cost.length > 0) {
    lines.push('What the supervised boundary (issue 25: an adapter module runs in a process of its own) costs, from the rows above:', '');
    for (const line of cost) lines.push(`- ${line.replace(/^supervised boundary: /, '')}`);
    lines.push('');
  }
  return lines;
}

function costSection(report: BenchReport, chartFile: string): string[] {
  const { sizes, measurements } = report;
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  const ratioHeader = first !== undefined && last !== undefined && last !== first ? ` ${formatSize(last)} / ${formatSize(first)} |` : '';
  const lines = [
    '## Cost per operation',
    '',
    `Process CPU time per operation (re-frame: per resident span; recheck: per touched id), by resident spans in the window: the median batch, ` +
      'lowest round. Reference rows are `ReferenceRuntime.apply(op)`: validation, execution and the audit-log entry. ' +
      'Wall-time medians of the same batches are in the JSON report (`wallNsPerOp`).',
    '',
    `![cost per operation against window size, log-log](${chartFile})`,
    '',
    `| path | subject | ${sizes.map(formatSize).join(' | ')} |${ratioHeader}`,
    `| --- | --- | ${sizes.map(() => '---:').join(' | ')} |${ratioHeader === '' ? '' : ' ---: |'}`,
  ];
  for (const subject of ['reference', 'naive', 'ceiling'] as const) {
    for (const path of BENCH_PATHS) {
      const cells = sizes.map((size) => findMeasurement(measurements, subject, path.id, size));
      if (cells.every((cell) => cell === undefined)) continue;
      const costs = cells.map((cell) => (cell === undefined ? '—' : formatNs(cell.nsPerOp)));
      const a = cells[0];
      const b = cells[cells.length - 1];
      const ratio = ratioHeader === '' ? '' : ` ${a !== undefined && b !== undefined ? formatRatio(b.nsPerOp / a.nsPerOp) : '—'} |`;
      lines.push(`| ${path.label} | ${SUBJECT_LABEL[subject]} | ${costs.join(' | ')} |${ratio}`);
    }
  }
  lines.push('', ...throughputLine(report), '');
  return lines;
}

function throughputLine(report: BenchReport): string[] {
  if (report.propertyRuns.length === 0) return [];
  const best = report.propertyRuns.reduce((a, b) => (b.opsPerSecond > a.opsPerSecond ? b : a));
  const all = report.propertyRuns.map((r) => r.opsPerSecond.toLocaleString('en-US')).join(', ');
  return [
    `**Checked property run** (\`checkAdapter\` on the ${best.adapter} adapter, ${best.runs} generated episodes, seed ${best.seed}, verdict ${best.verdict}): ` +
      `${best.opsPerSecond.toLocaleString('en-US')} checked operations per second, ${formatNs(1e9 / Math.max(best.opsPerSecond, 1))} per operation ` +
      `(${best.opsChecked.toLocaleString('en-US')} operations in ${significant(best.durationMs / 1000)} s; every round: ${all})` +
      (best.bareApplyOpsPerSecond === undefined ? '.' : `; the bare reference \`apply\` runs the same episodes' operations at ${best.bareApplyOpsPerSecond.toLocaleString('en-US')} per second.`),
    ...recheckLine(report, best),
  ];
}

/** What rechecks cost: the same runs with `recheckEvery: 0`, against the fastest checked run with them on. */
function recheckLine(report: BenchReport, best: BenchReport['propertyRuns'][number]): string[] {
  const off = report.propertyRunsWithoutRecheck ?? [];
  if (off.length === 0 || best.recheckEvery === undefined) return [];
  const fastest = off.reduce((a, b) => (b.opsPerSecond > a.opsPerSecond ? b : a));
  const cost = 1 - best.opsPerSecond / Math.max(fastest.opsPerSecond, 1);
  return [
    '',
    `**Rechecks** (issue 11: every id and signature an episode touched, re-observed every ${best.recheckEvery} steps and at the end of each run): ` +
      `without them the same runs check ${fastest.opsPerSecond.toLocaleString('en-US')} operations per second (every round: ${off.map((r) => r.opsPerSecond.toLocaleString('en-US')).join(', ')}), ` +
      `so they cost ${Math.round(cost * 100)} % of the checked rate${best.rechecks === undefined ? '' : ` (${best.rechecks.toLocaleString('en-US')} rechecks over ${best.runs} runs)`}.`,
  ];
}

/**
 * Growth with window size, read against the ceilings and the naive baseline: an O(n) path grows about 10× per
 * decade, as the naive rows do; growth no steeper than a bare Map get + set is the memory hierarchy.
 */
function scalingSection(report: BenchReport): string[] {
  const sizes = report.sizes;
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  if (first === undefined || last === undefined || first === last) return [];
  const naiveTop = [...new Set(report.measurements.filter((m) => m.subject === 'naive').map((m) => m.size))].filter((s) => s > first).sort((a, b) => b - a)[0];
  const growth = (subject: BenchSubject, path: BenchPathId, to: number): number | undefined => {
    const a = findMeasurement(report.measurements, subject, path, first);
    const b = findMeasurement(report.measurements, subject, path, to);
    return a === undefined || b === undefined ? undefined : b.nsPerOp / a.nsPerOp;
  };
  const map = growth('ceiling', 'map-get-set', last);
  const show = (value: number | undefined): string => (value === undefined ? '—' : formatRatio(value));
  const head = naiveTop === undefined ? '' : ` reference ${formatSize(naiveTop)} / ${formatSize(first)} | naive ${formatSize(naiveTop)} / ${formatSize(first)} |`;
  const lines = [
    '## Scaling, read against the ceiling and the naive baseline',
    '',
    `An O(n) path grows about 10× per decade of window size, as the naive baseline's linear scans do. Growth no steeper than ` +
      `a bare Map get + set on the same ids (${show(map)} from ${formatSize(first)} to ${formatSize(last)}) is the memory hierarchy: ` +
      'random accesses into tables and objects that no longer fit in the caches and the TLB.',
    '',
    `| path | ${formatSize(last)} / ${formatSize(first)} | over the Map's growth |${head}`,
    `| --- | ---: | ---: |${head === '' ? '' : ' ---: | ---: |'}`,
  ];
  for (const path of BENCH_PATHS.filter((p) => p.directive || p.id === 'reframe' || p.id === 'checker-step' || p.id === 'recheck-id')) {
    const ref = growth('reference', path.id, last);
    if (ref === undefined) continue;
    const naiveCells = naiveTop === undefined ? '' : ` ${show(growth('reference', path.id, naiveTop))} | ${show(growth('naive', path.id, naiveTop))} |`;
    lines.push(`| ${path.label} | ${formatRatio(ref)} | ${map === undefined ? '—' : formatRatio(ref / map)} |${naiveCells}`);
  }
  lines.push('');
  return lines;
}

function memorySection(memory: readonly MemoryMeasurement[]): string[] {
  if (memory.length === 0) return ['## Memory', '', 'Not measured: run with `node --expose-gc` (as `npm run bench` does).', ''];
  const lines = [
    '## Memory per resident span',
    '',
    '| subject | spans | heap per span | content per span | overhead per span | limit (1.5 × content + 300 B) | status | target holds for content ≥ |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const m of memory) {
    const status = m.bytesPerSpan < m.limitBytesPerSpan ? 'under' : `**over** by ${formatPercent(m.bytesPerSpan / m.limitBytesPerSpan - 1)}`;
    const overhead = Math.round(m.bytesPerSpan - m.contentBytesPerSpan);
    const breakEven = Math.ceil(memoryBreakEven(m.bytesPerSpan, m.contentBytesPerSpan));
    lines.push(
      `| ${m.subject} | ${formatSize(m.size)} | ${Math.round(m.bytesPerSpan)} B | ${Math.round(m.contentBytesPerSpan)} B | ${overhead} B | ${Math.round(m.limitBytesPerSpan)} B | ${status} | ${breakEven} B |`,
    );
  }
  lines.push(
    '',
    'The overhead per span (heap per span less its content) hardly depends on content size, so the last column is the mean content size from which the target holds with this overhead.',
    '',
  );
  return lines;
}

function methodSection(report: BenchReport): string[] {
  const { method } = report;
  const lines = [
    '## Method',
    '',
    `- Window: ${method.window}`,
    `- Content: seeded pseudo-text, ASCII, ${method.contentBytes.min}–${method.contentBytes.max} bytes per span (mean ${Math.round(method.contentBytes.mean)}).`,
    `- Clock: CPU time of the process (user + system, \`process.cpuUsage\`), less the measured cost of reading it, so ` +
      'time spent waiting for a core on a shared machine is not counted; it does count GC and compiler threads.',
    `- Timing: tinybench; each sample is one batch of operations built beforehand (untimed) and applied back to back ` +
      `(${(['reference', 'naive', 'ceiling'] as const).map((s) => `${s} ${method.batch[s]} per batch`).join(', ')}); ` +
      `at least ${method.minBatches} batches and ${method.timeMs} ms of measured time per task and round. ` +
      `Windows are measured one at a time (built, measured, dropped), so each size has only its own window in the heap; ` +
      `${method.rounds} round${method.rounds === 1 ? '' : 's'} interleaving the window's tasks, and a cell's figure is its lowest round's median batch.`,
    `- Naive baseline measured up to ${formatSize(method.naiveMaxSize)} resident spans.`,
  ];
  for (const note of method.notes) lines.push(`- ${note}`);
  lines.push('', 'How each measured operation acts on a fresh target:', '');
  for (const path of BENCH_PATHS) {
    const text = method.tasks[path.id];
    if (text !== undefined) lines.push(`- **${path.label}**: ${text}`);
  }
  lines.push('');
  return lines;
}
