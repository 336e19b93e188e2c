import type { AdapterBenchReport } from '../../run/bench/AdapterBenchReport.ts';
import { bytesCell, costAt, costCell, growthCell, growthOfPath, plainCost } from './adapterBenchFigures.ts';
import { formatSize } from './benchFormat.ts';
import { terminalText } from './terminalText.ts';

/** The table for the terminal: each path of the pruner with its ratios and growth, the reference and floor under it. */
export function renderAdapterBenchPretty(report: AdapterBenchReport): string {
  const sizes = report.sizes;
  const header = ['path', ...sizes.map(formatSize), 'growth'];
  const rows: string[][] = [];
  for (const p of report.paths) {
    const floor = p.id.startsWith('floor-');
    if (!floor) {
      rows.push([p.label, ...sizes.map((n) => costCell(report, p.id, n)), growthCell(growthOfPath(report, 'pruner', p.id))]);
      rows.push([`  reference`, ...sizes.map((n) => plainCost(costAt(report, 'reference', p.id, n))), growthCell(growthOfPath(report, 'reference', p.id))]);
    } else {
      rows.push([p.label, ...sizes.map((n) => plainCost(costAt(report, 'floor', p.id, n))), growthCell(growthOfPath(report, 'floor', p.id))]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  const out = [
    `prunecheck bench: ${terminalText(report.name)} ${terminalText(report.version)} (${report.mode} mode, ${report.transport}, ${report.clock} time), seed ${report.seed}`,
    `reference: ${terminalText(report.reference)}; cost per call, median of iterations on fresh state; ratios to the reference and to sha256 of one item`,
    '',
    line(header),
    ...rows.map(line),
    '',
  ];
  const memory = report.memory.filter((m) => m.role !== 'floor');
  for (const m of memory) out.push(`memory: ${m.role === 'pruner' ? '' : 'reference '}${terminalText(m.subject)} at ${formatSize(m.size)}: ${bytesCell(m.bytesPerItem, m.size)} per ${m.item} (content ${Math.round(m.contentBytesPerItem)} B)`);
  for (const g of report.growth.filter((v) => v.calledOut !== undefined)) out.push(`CALLED OUT: ${g.path}: ${terminalText(g.calledOut ?? '')}`);
  for (const s of report.skipped) out.push(`not measured: ${terminalText(s.subject)} ${s.path}${s.size === undefined ? '' : ` at ${formatSize(s.size)}`}: ${terminalText(s.reason)}`);
  return `${out.join('\n')}\n`;
}
