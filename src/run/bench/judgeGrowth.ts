import type { GrowthVerdict, PathCost } from './AdapterBenchReport.ts';
import { fitExponent, growthOf } from './fitGrowth.ts';

/**
 * The growth verdict of every (subject, path) measured at two sizes or more, and the call-out of a pruner's path
 * that is linear or worse per call where the reference's same path is flat.
 */
export function judgeGrowth(costs: readonly PathCost[]): GrowthVerdict[] {
  const keys = [...new Map(costs.map((c) => [`${c.role}\u0000${c.subject}\u0000${c.path}`, c])).values()];
  const verdicts: GrowthVerdict[] = [];
  for (const key of keys) {
    const points = costs
      .filter((c) => c.role === key.role && c.subject === key.subject && c.path === key.path)
      .map((c) => ({ size: c.size, ns: c.nsPerCall }))
      .sort((a, b) => a.size - b.size);
    const exponent = fitExponent(points);
    if (!Number.isFinite(exponent)) continue;
    const first = points[0] as { size: number; ns: number };
    const last = points[points.length - 1] as { size: number; ns: number };
    verdicts.push({ role: key.role, subject: key.subject, path: key.path, exponent, growth: growthOf(exponent), fromNs: first.ns, toNs: last.ns, sizes: points.map((p) => p.size) });
  }
  return verdicts.map((v) => {
    if (v.role !== 'pruner' || v.growth === 'flat') return v;
    const reference = verdicts.find((r) => r.role === 'reference' && r.path === v.path);
    if (reference?.growth !== 'flat') return v;
    return { ...v, calledOut: `${v.growth} per call (exponent ${v.exponent.toFixed(2)}) where the reference ${reference.subject} is flat (${reference.exponent.toFixed(2)})` };
  });
}
