import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameIds, sortedJson } from '../../../src/check/runtime/sameIds.ts';

describe('sameIds', () => {
  it('agrees with comparing the sorted JSON, whatever the order, repeats or absence', () => {
    const ids = fc.option(fc.array(fc.constantFrom('s1', 's2', 's3', 'sum1', ''), { maxLength: 5 }), { nil: undefined });
    fc.assert(
      fc.property(ids, ids, fc.boolean(), (a, b, same) => {
        const right = same ? a : b;
        expect(sameIds(a, right)).toBe(sortedJson(a) === sortedJson(right));
      }),
      { seed: 2626, numRuns: 500 },
    );
  });

  it('takes a set listed in another order as the same set', () => {
    expect(sameIds(['s2', 's1'], ['s1', 's2'])).toBe(true);
    expect(sameIds(['s1'], ['s1', 's1'])).toBe(false);
    expect(sameIds(undefined, [])).toBe(true);
  });
});
