import type { AdapterBenchReport, GrowthVerdict, PathCost } from '../../run/bench/AdapterBenchReport.ts';
import { formatNs, formatRatio } from './benchFormat.ts';

/** The figures of a report as its tables read them: the cost of a path at a size, and its ratios. */
export interface FigureCosts {
  readonly costs: readonly PathCost[];
  readonly growth: readonly GrowthVerdict[];
}

export function costAt(report: FigureCosts, role: PathCost['role'], path: string, size: number, subject?: string): number | undefined {
  return report.costs.find((c) => c.role === role && c.path === path && c.size === size && (subject === undefined || c.subject === subject))?.nsPerCall;
}

export function growthOfPath(report: FigureCosts, role: PathCost['role'], path: string, subject?: string): GrowthVerdict | undefined {
  return report.growth.find((g) => g.role === role && g.path === path && (subject === undefined || g.subject === subject));
}

/** `linear (1.03)`, or `—` without a verdict. */
export function growthCell(verdict: GrowthVerdict | undefined): string {
  return verdict === undefined ? '—' : `${verdict.growth} (${verdict.exponent.toFixed(2)})`;
}

/** A pruner's cost at a size with its ratios: `4.50 ms (2.41× ref, 3.75k× hash)`. */
export function costCell(report: AdapterBenchReport, path: string, size: number): string {
  const ns = costAt(report, 'pruner', path, size);
  if (ns === undefined) return '—';
  const ref = costAt(report, 'reference', path, size);
  const hash = costAt(report, 'floor', 'floor-hash', size);
  const parts = [ref === undefined ? undefined : `${formatRatio(ns / ref)} ref`, hash === undefined ? undefined : `${formatRatio(ns / hash)} hash`].filter((p) => p !== undefined);
  return parts.length === 0 ? formatNs(ns) : `${formatNs(ns)} (${parts.join(', ')})`;
}

/** A cost alone, or `—`. */
export function plainCost(ns: number | undefined): string {
  return ns === undefined ? '—' : formatNs(ns);
}

/** Heap differences below this many bytes in all are what a collection elsewhere in the process moves. */
export const MEMORY_NOISE_BYTES = 256 * 1024;

/** Bytes per item, or `≈ 0` when the whole difference is within the noise of a heap measurement. */
export function bytesCell(bytesPerItem: number, size: number): string {
  return Math.abs(bytesPerItem * size) < MEMORY_NOISE_BYTES ? `≈ 0 (under ${MEMORY_NOISE_BYTES / 1024} KB in all)` : `${Math.round(bytesPerItem)} B`;
}
