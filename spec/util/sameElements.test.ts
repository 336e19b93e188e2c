import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameElements } from '../../src/util/sameElements.ts';

describe('sameElements', () => {
  it('agrees with comparing the lists as JSON, for lists of strings', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', 'c')), fc.array(fc.constantFrom('a', 'b', 'c')), (a, b) => sameElements(a, b) === (JSON.stringify(a) === JSON.stringify(b))));
  });

  it('compares members by identity, in order', () => {
    const o = {};
    expect(sameElements([o], [o])).toBe(true);
    expect(sameElements([{}], [{}])).toBe(false);
    expect(sameElements(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameElements([], [])).toBe(true);
  });
});
