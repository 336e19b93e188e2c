import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shrinkByDeletion } from '../../../src/gen/runtime/shrinkByDeletion.ts';

/** The smallest list fast-check reaches when the property fails on every list holding all of `needed`. */
function shrunk(list: readonly number[], needed: readonly number[]): readonly number[] {
  const details = fc.check(
    fc.property(shrinkByDeletion(fc.constant(list)), (drawn) => !needed.every((n) => drawn.includes(n))),
    { numRuns: 1, seed: 1 },
  );
  return details.counterexample?.[0] ?? [];
}

describe('shrinkByDeletion: planned episodes shrink toward short', () => {
  it('reaches exactly the items the failure needs, in their order, from a list of hundreds', () => {
    const list = Array.from({ length: 600 }, (_, i) => i);
    expect(shrunk(list, [3, 250, 599])).toEqual([3, 250, 599]);
    expect(shrunk(list, [0])).toEqual([0]);
  });

  it('only deletes: every candidate is the list with one chunk taken out, largest chunks first', () => {
    const arb = shrinkByDeletion<number>(fc.constant([1, 2, 3, 4, 5]));
    const [value] = fc.sample(arb, { numRuns: 1, seed: 2 });
    const candidates = [...arb.shrink(value ?? [], undefined)].map((v) => v.value);
    expect(candidates.slice(0, 2)).toEqual([[5], [1, 2, 3, 4]]);
    for (const c of candidates) expect([1, 2, 3, 4, 5].filter((x) => c.includes(x))).toEqual(c);
    expect(candidates.at(-1)).toEqual([1, 2, 3, 4]);
    expect(candidates).toHaveLength(2 + 3 + 5);
  });
});
