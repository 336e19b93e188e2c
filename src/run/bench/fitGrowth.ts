import type { Growth } from './AdapterBenchReport.ts';

/** Below this fitted exponent a path is flat; a cost that doubles over two decades of size fits 0.15. */
export const FLAT_BELOW = 0.5;
/** At or above this fitted exponent a path grows faster than linearly per call (quadratic per call fits 2). */
export const SUPERLINEAR_FROM = 1.5;

/**
 * The least-squares slope of log(cost) against log(size) over points with a positive cost: the exponent k in
 * cost ≈ c·size^k. NaN for fewer than two distinct sizes.
 */
export function fitExponent(points: readonly { readonly size: number; readonly ns: number }[]): number {
  const usable = points.filter((p) => p.size > 0 && p.ns > 0 && Number.isFinite(p.ns));
  if (new Set(usable.map((p) => p.size)).size < 2) return Number.NaN;
  const xs = usable.map((p) => Math.log(p.size));
  const ys = usable.map((p) => Math.log(p.ns));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i += 1) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return num / den;
}

/** The growth an exponent states: midway thresholds between 0, 1 and 2, so noise of ±0.4 keeps the word. */
export function growthOf(exponent: number): Growth {
  if (exponent < FLAT_BELOW) return 'flat';
  return exponent < SUPERLINEAR_FROM ? 'linear' : 'superlinear';
}
