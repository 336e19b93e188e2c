import { describe, expect, it } from 'vitest';
import { formatNs, formatPercent, formatRatio, formatSize, opsPerSecond, significant } from '../../../src/report/bench/benchFormat.ts';

describe('bench formatting', () => {
  it('writes powers of ten as superscripts and other sizes with separators', () => {
    expect([formatSize(1_000), formatSize(1_000_000), formatSize(10), formatSize(2_500), formatSize(100)]).toEqual(['10³', '10⁶', '10¹', '2,500', '10²']);
  });

  it('picks the unit that keeps a duration readable, three significant figures', () => {
    expect([formatNs(48.23), formatNs(312.4), formatNs(4_213), formatNs(1_300_000), formatNs(2.5e9)]).toEqual(['48.2 ns', '312 ns', '4.21 µs', '1.30 ms', '2.50 s']);
  });

  it('formats ratios, percentages and rates', () => {
    expect(formatRatio(1.234)).toBe('1.23×');
    expect(formatPercent(0.273)).toBe('27.3 %');
    expect(significant(0.01234)).toBe('0.0123');
    expect([significant(99.97), significant(0.99996), significant(1234.5)]).toEqual(['100', '1.00', '1230']);
    expect(opsPerSecond(250)).toBe(4_000_000);
    expect(opsPerSecond(0)).toBe(Number.POSITIVE_INFINITY);
  });
});
