import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstDifference, type Difference } from '../../../src/check/runtime/firstDifference.ts';

/** The path spelled on the way down at every key, as firstDifference did before it spelled it only for a difference. */
function spelledOnTheWay(left: unknown, right: unknown, path = ''): Difference | undefined {
  const render = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));
  if (Object.is(left, right)) return undefined;
  if (Array.isArray(left) && Array.isArray(right)) {
    for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
      const found = spelledOnTheWay(left[i], right[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof left === 'object' && left !== null && typeof right === 'object' && right !== null && !Array.isArray(left) && !Array.isArray(right)) {
    for (const key of [...new Set([...Object.keys(left), ...Object.keys(right)])]) {
      const found = spelledOnTheWay((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return { path: path === '' ? 'value' : path, left: render(left), right: render(right) };
}

describe('firstDifference', () => {
  it('finds the same first difference, path and values as spelling the path at every step', () => {
    const leaf = fc.oneof(fc.constantFrom(0, 1, 'a', 'b', null, undefined, true, Number.NaN), fc.integer({ min: -2, max: 2 }));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('tree'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('kind', 'spanId', 'resident', 'x'), tie('tree'), { maxKeys: 3 })),
    }));
    fc.assert(
      fc.property(tree, tree, fc.boolean(), fc.constantFrom('', 'outcome', 'observed'), (left, other, same, path) => {
        const right = same ? structuredClone(left) : other;
        expect(firstDifference(left, right, path)).toEqual(spelledOnTheWay(left, right, path));
      }),
      { seed: 2626, numRuns: 2_000 },
    );
  });

  it('spells nested keys and indices from the root', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }, 'outcome')).toEqual({ path: 'outcome.a[1].b', left: '2', right: '3' });
    expect(firstDifference(1, 2)).toEqual({ path: 'value', left: '1', right: '2' });
    expect(firstDifference({ a: 1 }, { a: 1 })).toBeUndefined();
  });
});
