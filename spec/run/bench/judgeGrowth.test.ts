import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PathCost } from '../../../src/run/bench/AdapterBenchReport.ts';
import { fitExponent, FLAT_BELOW, growthOf, SUPERLINEAR_FROM } from '../../../src/run/bench/fitGrowth.ts';
import { judgeGrowth } from '../../../src/run/bench/judgeGrowth.ts';

const cost = (role: PathCost['role'], subject: string, path: string, size: number, nsPerCall: number): PathCost => ({ role, subject, path, size, nsPerCall, samples: 3, calls: 3 });

describe('fitExponent and growthOf', () => {
  it('recovers the exponent of an exact power law', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.5, max: 2.5, noNaN: true }), fc.double({ min: 1, max: 1e6, noNaN: true }), (k, c) => {
        const points = [100, 1_000, 10_000].map((size) => ({ size, ns: c * size ** k }));
        expect(fitExponent(points)).toBeCloseTo(k, 6);
      }),
    );
  });

  it('needs two distinct sizes and ignores non-positive costs', () => {
    expect(fitExponent([{ size: 100, ns: 5 }])).toBeNaN();
    expect(fitExponent([{ size: 100, ns: 5 }, { size: 100, ns: 7 }])).toBeNaN();
    expect(fitExponent([{ size: 100, ns: 5 }, { size: 1_000, ns: 0 }])).toBeNaN();
  });

  it('states flat, linear and superlinear at the midway thresholds', () => {
    expect(growthOf(0)).toBe('flat');
    expect(growthOf(FLAT_BELOW - 0.01)).toBe('flat');
    expect(growthOf(FLAT_BELOW)).toBe('linear');
    expect(growthOf(1)).toBe('linear');
    expect(growthOf(SUPERLINEAR_FROM)).toBe('superlinear');
    expect(growthOf(2)).toBe('superlinear');
  });
});

describe('judgeGrowth', () => {
  it("calls out a pruner's path linear per call where the reference's is flat, and only that", () => {
    const sizes = [1_000, 10_000, 100_000];
    const costs = [
      ...sizes.map((n) => cost('pruner', 'p', 'lookup', n, n / 10)),
      ...sizes.map((n) => cost('reference', 'r', 'lookup', n, 50)),
      ...sizes.map((n) => cost('pruner', 'p', 'reframe', n, n)),
      ...sizes.map((n) => cost('reference', 'r', 'reframe', n, n * 2)),
      ...sizes.map((n) => cost('pruner', 'p', 'claim', n, 80)),
      ...sizes.map((n) => cost('reference', 'r', 'claim', n, 60)),
    ];
    const verdicts = judgeGrowth(costs);
    const of = (role: string, path: string) => verdicts.find((v) => v.role === role && v.path === path);
    expect(of('pruner', 'lookup')).toMatchObject({ growth: 'linear', fromNs: 100, toNs: 10_000, sizes });
    expect(of('pruner', 'lookup')?.calledOut).toMatch(/linear per call \(exponent 1\.00\) where the reference r is flat \(0\.00\)/);
    expect(of('pruner', 'reframe')?.calledOut).toBeUndefined();
    expect(of('pruner', 'claim')).toMatchObject({ growth: 'flat' });
    expect(of('pruner', 'claim')?.calledOut).toBeUndefined();
    expect(of('reference', 'lookup')?.calledOut).toBeUndefined();
  });

  it('gives no verdict to a path measured at one size only', () => {
    expect(judgeGrowth([cost('pruner', 'p', 'lookup', 1_000, 5)])).toEqual([]);
  });
});
