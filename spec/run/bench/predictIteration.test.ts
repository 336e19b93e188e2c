import { describe, expect, it } from 'vitest';
import { predictIteration } from '../../../src/run/bench/runBench.ts';

describe('predictIteration', () => {
  it('predicts nothing without a smaller size', () => {
    expect(predictIteration([], 1_000)).toBe(0);
    expect(predictIteration([{ size: 1_000, ns: 5 }], 1_000)).toBe(0);
  });

  it('extrapolates quadratically from one size, and by the fitted growth (at least linear) from two', () => {
    expect(predictIteration([{ size: 1_000, ns: 10 }], 10_000)).toBeCloseTo(1_000);
    expect(predictIteration([{ size: 1_000, ns: 10 }, { size: 10_000, ns: 1_000 }], 100_000)).toBeCloseTo(100_000);
    expect(predictIteration([{ size: 1_000, ns: 10 }, { size: 10_000, ns: 10 }], 100_000)).toBeCloseTo(100);
  });
});
