import type { AdapterBenchReport } from '../../run/bench/AdapterBenchReport.ts';
import { FLAT_BELOW, SUPERLINEAR_FROM } from '../../run/bench/fitGrowth.ts';
import { mdCell, mdCode, mdTable } from '../../util/markdownText.ts';
import { bytesCell, costAt, costCell, growthCell, growthOfPath, plainCost } from './adapterBenchFigures.ts';
import { formatSize } from './benchFormat.ts';

/** The report for people: one table of the pruner's paths with their ratios, the reference and floor beside, the chart. */
export function renderAdapterBenchMarkdown(report: AdapterBenchReport, chartFile: string): string {
  const sizes = report.sizes;
  const own = report.paths.filter((p) => !p.id.startsWith('floor-'));
  const floors = report.paths.filter((p) => p.id.startsWith('floor-'));
  const rows = own.map((p) => [p.label, ...sizes.map((n) => costCell(report, p.id, n)), growthCell(growthOfPath(report, 'pruner', p.id)), growthCell(growthOfPath(report, 'reference', p.id))]);
  const refRows = own.map((p) => [p.label, ...sizes.map((n) => plainCost(costAt(report, 'reference', p.id, n)))]);
  const floorRows = floors.map((p) => [p.label, ...sizes.map((n) => plainCost(costAt(report, 'floor', p.id, n))), growthCell(growthOfPath(report, 'floor', p.id))]);
  const calledOut = report.growth.filter((g) => g.calledOut !== undefined);
  const memory = report.memory.filter((m) => m.role !== 'floor');
  const out = [
    `# prunecheck bench: ${mdCell(report.name)} ${mdCell(report.version)}`,
    '',
    `${report.mode} mode, ${report.transport === 'cmd' ? 'a child process over the line protocol' : 'in this process'}; beside it in the same run the reference \`${mdCell(report.reference)}\` and the floor (sha256 of one item, a copy of the list) on the same seeded content. Seed ${report.seed}; sizes ${sizes.map(formatSize).join(', ')}; ${report.clock === 'cpu' ? 'CPU time of this process' : 'wall time'}, the median of iterations each on fresh state. Node ${report.environment.node} on ${mdCell(report.environment.cpu)} (${report.environment.cores} cores), load average ${report.environment.loadAverage.start.toFixed(1)} → ${report.environment.loadAverage.end.toFixed(1)}, ${(report.durationMs / 1000).toFixed(0)} s.`,
    '',
    'Replay:',
    '',
    mdCode(report.command, 'sh'),
    '',
    `## ${mdCell(report.name)}: cost per call, as a multiple of the reference and of the hash floor`,
    '',
    mdTable(['path', ...sizes.map(formatSize), 'growth', `reference's growth`], rows),
    '',
    `Growth: the least-squares exponent of cost per call against size on a log–log scale; \`flat\` below ${FLAT_BELOW}, \`linear\` below ${SUPERLINEAR_FROM}, \`superlinear\` from there (≈ 0 flat, ≈ 1 linear per call, ≈ 2 quadratic per call).`,
    '',
    calledOut.length === 0 ? 'Called out: none (no path of the pruner is linear or worse per call where the reference is flat).' : 'Called out (linear or worse per call where the reference is flat):',
    ...calledOut.map((g) => `- **${mdCell(g.path)}**: ${mdCell(g.calledOut ?? '')}`),
    '',
    `![cost per call against size](${chartFile})`,
    '',
    `## The reference, \`${mdCell(report.reference)}\``,
    '',
    mdTable(['path', ...sizes.map(formatSize)], refRows),
    '',
    '## The floor',
    '',
    mdTable(['floor', ...sizes.map(formatSize), 'growth'], floorRows),
    '',
    '## Memory',
    '',
    memory.length === 0
      ? 'Not measured (a child process\'s heap is not this process\'s, or no garbage collector could be reached).'
      : mdTable(['subject', 'size', 'bytes per item', 'content bytes per item', 'item'], memory.map((m) => [`${m.role === 'pruner' ? '' : 'reference '}${m.subject}`, formatSize(m.size), bytesCell(m.bytesPerItem, m.size), String(Math.round(m.contentBytesPerItem)), m.item])),
    '',
    '## Method',
    '',
    ...report.paths.map((p) => `- **${mdCell(p.label)}** (per ${mdCell(p.unit)}): ${mdCell(p.method)}`),
    ...report.notes.map((n) => `- ${mdCell(n)}`),
    '',
  ];
  if (report.skipped.length > 0) {
    out.push('## Not measured', '', ...report.skipped.map((s) => `- ${mdCell(s.subject)} ${mdCell(s.path)}${s.size === undefined ? '' : ` at ${formatSize(s.size)}`}: ${mdCell(s.reason)}`), '');
  }
  return `${out.join('\n')}\n`;
}
