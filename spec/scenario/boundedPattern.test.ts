import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INLINE_MAX_TEXT, isBoundedPattern } from '../../src/scenario/boundedPattern.ts';
import { safeExec } from '../../src/scenario/safeRegex.ts';

describe('isBoundedPattern', () => {
  it("takes the recorded incidents' patterns: one quantifier, on a class", () => {
    for (const p of ['check constraint "([a-z_]+)"', 'request_id=(req-[0-9a-f]+)', 'build (bld-[0-9a-f]+)', 'plain text', 'a{2,5}b', '(?:ab)c+?', '\\(?x', '[|()+*]+']) {
      expect(isBoundedPattern(p), p).toBe(true);
    }
  });

  it('sends every pattern that may backtrack exponentially to the worker', () => {
    for (const p of ['(a+)+$', '(a*)*b', '(a|a)(a|a)b', 'a?a?a?aaa', '(x+x+)+y', '\\d+\\d+$', '(a)\\1', '(?<n>a)\\k<n>', '(?=a+)a', '(?<!b)a+', '(ab){2}', 'a+?b*', 'a|b', '(\\w+\\s?)+$', '\\(?a?']) {
      expect(isBoundedPattern(p), p).toBe(false);
    }
  });

  it('a bounded pattern answers in-thread on its worst-case text', () => {
    // One repetition that nearly matches everywhere: O(n²) steps, about 8 × 10⁶ here.
    expect(safeExec('a+b', 'a'.repeat(INLINE_MAX_TEXT))).toBeNull();
  });

  it('in-thread and in the worker, a match answers the same', () => {
    fc.assert(
      fc.property(fc.constantFrom('x=([0-9a-f]+)', 'id ([a-z_]*)"', 'v?1', 'k{1,3}'), fc.string({ unit: fc.constantFrom('x', '=', '0', 'f', 'z', 'i', 'd', ' ', '"', 'v', '1', 'k', '_') , maxLength: 30 }), (pattern, text) => {
        const expected = new RegExp(pattern).exec(text);
        const inline = safeExec(pattern, text);
        // Past INLINE_MAX_TEXT the same pattern goes to the worker.
        const viaWorker = safeExec(pattern, text + ' '.repeat(INLINE_MAX_TEXT));
        expect(inline === null ? null : { index: inline.index, values: inline.values }).toEqual(expected === null ? null : { index: expected.index, values: Array.from(expected) });
        expect(viaWorker?.values).toEqual(inline?.values);
      }),
      { numRuns: 40 },
    );
  });
});
