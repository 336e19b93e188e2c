const SUPERSCRIPT = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/** A window size for people: powers of ten as `10⁶`, anything else with thousands separators. */
export function formatSize(size: number): string {
  const exponent = Math.log10(size);
  if (size >= 10 && Number.isInteger(exponent)) {
    return `10${String(exponent).split('').map((digit) => SUPERSCRIPT[Number(digit)] ?? digit).join('')}`;
  }
  return size.toLocaleString('en-US');
}

/** A duration given in nanoseconds, with three significant figures and the unit that keeps it readable. */
export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return String(ns);
  const units: readonly [number, string][] = [
    [1e9, 's'],
    [1e6, 'ms'],
    [1e3, 'µs'],
  ];
  for (const [scale, unit] of units) {
    if (Math.abs(ns) >= scale) return `${significant(ns / scale)} ${unit}`;
  }
  return `${significant(ns)} ns`;
}

/** A ratio as `1.23×`. */
export function formatRatio(ratio: number): string {
  return `${significant(ratio)}×`;
}

/** A fraction as a percentage: 0.273 → `27.3 %`. */
export function formatPercent(fraction: number): string {
  return `${significant(fraction * 100)} %`;
}

/** Operations per second for a cost in nanoseconds per operation. */
export function opsPerSecond(nsPerOp: number): number {
  return nsPerOp > 0 ? 1e9 / nsPerOp : Number.POSITIVE_INFINITY;
}

/** Three significant figures, without exponent notation for the magnitudes a report meets. */
export function significant(value: number): string {
  if (value === 0) return '0';
  // Round first, so 99.97 becomes 100 (three figures), not 100.0.
  const rounded = Number(value.toPrecision(3));
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(rounded))));
  return rounded.toFixed(Math.min(digits, 6));
}
