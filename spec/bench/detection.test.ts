import { describe, expect, it } from 'vitest';
import { measureDetection, parseDetectionArgs } from '../../bench/detection.ts';

describe('npm run detection', () => {
  it('takes --seeds N and --only a,b; refuses anything else, saying what each option takes', () => {
    expect(parseDetectionArgs([])).toEqual({ seeds: 36, only: [] });
    expect(parseDetectionArgs(['--seeds', '3', '--only', 'trusts-safe-claim,stale-replica'])).toEqual({ seeds: 3, only: ['trusts-safe-claim', 'stale-replica'] });
    expect(() => parseDetectionArgs(['--seeds', '0'])).toThrow(/--seeds takes a positive integer/);
    expect(() => parseDetectionArgs(['--fast'])).toThrow(/unknown or incomplete argument '--fast'/);
    expect(() => parseDetectionArgs(['--only', 'no-such-runtime'])).toThrow(/no zoo member named no-such-runtime/);
  });

  it('measures a member at each seed: found, the run it first failed at, and its shrunk length', async () => {
    const rows = await measureDetection({ seeds: 2, only: ['trusts-safe-claim', 'stale-replica'] }, () => undefined);
    expect(rows.map((r) => [r.name, r.invariant, r.expected, r.minimal])).toEqual([['trusts-safe-claim', 'INV-03', 'violation', 2], ['stale-replica', 'INV-03', 'diverged', 2]]);
    for (const row of rows) {
      expect(row.seeds.map((s) => s.seed)).toEqual([1, 2]);
      for (const seed of row.seeds) {
        expect([seed.verdict, seed.invariant]).toEqual([row.expected, 'INV-03']);
        expect(seed.runsToFirst).toBeGreaterThan(0);
        expect(seed.msToFirst).toBeLessThanOrEqual(seed.totalMs);
        expect(seed.shrunk).toBeGreaterThanOrEqual(row.minimal);
      }
    }
  });
});
