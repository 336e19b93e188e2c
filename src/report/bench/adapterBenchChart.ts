import type { AdapterBenchReport } from '../../run/bench/AdapterBenchReport.ts';
import { CHART_PALETTE, renderLogLogChart, type ChartSeries } from './logLogChart.ts';

const DASH = { pruner: '', reference: '8 5', floor: '2 4' } as const;

/** The report's chart: cost per call against size, log–log; the pruner solid, the reference dashed, the floor dotted. */
export function renderAdapterBenchChart(report: AdapterBenchReport): string {
  const series: ChartSeries[] = [];
  for (const role of ['pruner', 'reference', 'floor'] as const) {
    report.paths.forEach((p, index) => {
      const points = report.costs
        .filter((c) => c.role === role && c.path === p.id)
        .map((c) => ({ size: c.size, ns: c.nsPerCall }))
        .sort((a, b) => a.size - b.size);
      if (points.length === 0) return;
      const who = role === 'pruner' ? report.name : role === 'reference' ? `reference ${report.reference}` : '';
      series.push({ label: role === 'floor' ? p.label : `${who}: ${p.label}`, color: CHART_PALETTE[index % CHART_PALETTE.length] as string, dash: DASH[role], points });
    });
  }
  const item = report.mode === 'runtime' ? 'resident spans in the window' : 'messages in the history';
  return renderLogLogChart(series, { title: `${report.name}: cost per call against size (log–log)`, xLabel: item, yLabel: `time per call (${report.clock === 'cpu' ? 'CPU' : 'wall'})` });
}
