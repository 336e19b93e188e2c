import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, describeThrown, preview, safeCopy } from '../../src/util/safeJson.ts';

describe('safeJson: adapter data echoed safely', () => {
  it('safeCopy of any value never throws and is JSON; plain JSON data comes back equal', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => JSON.stringify(safeCopy(value))).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.stringify(safeCopy(value))).toBe(JSON.stringify(value));
      }),
    );
  });

  it('cuts cycles, getters that throw, revoked proxies, bigints and functions', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    const getter = Object.defineProperty({}, 'bad', { enumerable: true, get: () => { throw new Error('no reading'); } });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(safeCopy({ cyclic, getter, proxy, big: 10n, fn: function named() {} })).toEqual({
      cyclic: { a: 1, self: '[circular reference]' },
      getter: { bad: '[unreadable: no reading]' },
      proxy: expect.stringMatching(/^\[unreadable: /) as unknown as string,
      big: '10n',
      fn: '[function named]',
    });
  });

  it('bounds strings, arrays and depth, saying how much was cut', () => {
    expect(clip('x'.repeat(100), 20)).toBe(`${'x'.repeat(15)}… [80 of 100 characters omitted] …${'x'.repeat(5)}`);
    expect(safeCopy(Array.from({ length: 12 }, (_, i) => i), { maxString: 10, maxItems: 10, maxDepth: 5 })).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, '[2 more items omitted]']);
    expect(preview({ kind: 'k'.repeat(1000) }, 50).length).toBeLessThan(120);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 1000; i += 1) deep = [deep];
    expect(JSON.stringify(safeCopy(deep))).toContain('nested deeper than 64 levels');
  });

  it('describes whatever was thrown', () => {
    expect(describeThrown(new Error('plain'))).toBe('plain');
    expect(describeThrown('text')).toBe('text');
    expect(describeThrown(null)).toBe('a non-Error value was thrown: null');
    expect(describeThrown(undefined)).toBe('a non-Error value was thrown: undefined');
    expect(describeThrown(new Error(''))).toBe('Error (no message)');
  });
});
