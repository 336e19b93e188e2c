import fc from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';
import { describe, expect, it, vi } from 'vitest';
import { plainRecord } from '../../../src/gen/runtime/plainRecord.ts';

/** JSON with undefined members kept, so a field present as undefined differs from a field left out. */
const spelled = (value: unknown): string => JSON.stringify(value, (_key, member: unknown) => (member === undefined ? '<undefined>' : member));

/** A record model like the templates': constants, numbers, nested arrays and tuples, an option, a shrink toward true. */
const model = {
  kind: fc.constant('k'),
  n: fc.nat({ max: 99 }),
  flag: fc.boolean(),
  picks: fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 3 }),
  pairs: fc.array(fc.tuple(fc.nat(), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 2 }),
  maybe: fc.option(fc.constantFrom(5, 30), { nil: undefined }),
};

/** The first `width` shrinks of each value, `depth` levels down (the first three of each level followed), side by side. */
function sameShrinks(a: fc.Arbitrary<unknown>, b: fc.Arbitrary<unknown>, va: fc.Value<unknown>, vb: fc.Value<unknown>, depth: number): number {
  expect(spelled(vb.value)).toBe(spelled(va.value));
  expect(Object.keys(vb.value as object)).toEqual(Object.keys(va.value as object));
  expect(Object.getPrototypeOf(vb.value)).toBe(Object.prototype);
  if (depth === 0) return 1;
  const sa = [...a.shrink(va.value, va.context).take(20)];
  const sb = [...b.shrink(vb.value, vb.context).take(20)];
  expect(sb.length).toBe(sa.length);
  let compared = 1;
  for (let i = 0; i < sa.length; i += 1) compared += sameShrinks(a, b, sa[i] as fc.Value<unknown>, sb[i] as fc.Value<unknown>, i < 3 ? depth - 1 : 0);
  return compared;
}

describe('plainRecord', () => {
  it('draws and shrinks what fc.record draws and shrinks, from the same random source, always as a plain object', () => {
    const models: Record<string, fc.Arbitrary<unknown>>[] = [model, { only: fc.integer() }, { ['__proto__']: fc.nat(), 'quoted "key"': fc.boolean() }];
    let nullPrototypes = 0;
    for (const [i, m] of models.entries()) {
      const a = fc.record(m);
      const b = plainRecord(m);
      for (let seed = 0; seed < 200; seed += 1) {
        const ra = new fc.Random(xorshift128plus(seed + 1_000 * i));
        const rb = new fc.Random(xorshift128plus(seed + 1_000 * i));
        for (const bias of [undefined, 2, 10]) {
          const va = a.generate(ra, bias);
          if (Object.getPrototypeOf(va.value) === null) nullPrototypes += 1;
          sameShrinks(a, b, va, b.generate(rb, bias), 2);
        }
        // Both consumed the same draws: the source goes on alike.
        expect(rb.nextInt()).toBe(ra.nextInt());
      }
    }
    // fc.record's null-prototype draws were among them (what plainRecord spells as plain objects).
    expect(nullPrototypes).toBeGreaterThan(100);
  });

  it('shrinks a value it did not draw as fc.record does (by its fields), and refuses what is not such a record', () => {
    const b = plainRecord(model);
    const value = { kind: 'k' as const, n: 40, flag: true, picks: [3], pairs: [] as [number, number][], maybe: 30 as const };
    expect(b.canShrinkWithoutContext(value)).toBe(true);
    expect([...b.shrink(value, undefined).take(30)].map((v) => spelled(v.value))).toEqual([...fc.record(model).shrink(value, undefined).take(30)].map((v) => spelled(v.value)));
    expect(b.canShrinkWithoutContext({ ...value, extra: 1 })).toBe(false);
    expect(b.canShrinkWithoutContext({ kind: 'k' })).toBe(false);
    expect(b.canShrinkWithoutContext(new Map())).toBe(false);
    expect(b.canShrinkWithoutContext('k')).toBe(false);
  });

  it('draws the same plain records when code generation from strings is off (node --disallow-code-generation-from-strings)', () => {
    vi.stubGlobal('Function', function refused(): never {
      throw new EvalError('Code generation from strings disallowed for this context');
    });
    try {
      const models: Record<string, fc.Arbitrary<unknown>>[] = [model, { ['__proto__']: fc.nat(), 'quoted "key"': fc.boolean() }];
      for (const m of models) {
        const a = fc.record(m);
        const b = plainRecord(m);
        for (let seed = 0; seed < 50; seed += 1) sameShrinks(a, b, a.generate(new fc.Random(xorshift128plus(seed)), undefined), b.generate(new fc.Random(xorshift128plus(seed)), undefined), 1);
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
