import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/util/deepFreeze.ts';
import { freezeData } from '../../src/util/freezeData.ts';

/** Every object reachable from `value` through own keys of any kind, as `deepFreeze` walks them. */
function reachable(value: unknown, into: Set<object> = new Set()): Set<object> {
  if (typeof value !== 'object' || value === null || into.has(value)) return into;
  into.add(value);
  for (const key of Reflect.ownKeys(value)) reachable((value as Record<string | symbol, unknown>)[key], into);
  return into;
}

describe('freezeData', () => {
  it('freezes exactly the objects deepFreeze freezes, for JSON-like data (shared members and nesting included)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        // The same shape built twice (one for each function), with a member shared between two places.
        const build = (): unknown => {
          const shared = structuredClone(b);
          return { a: structuredClone(a), list: [shared, structuredClone(a)], again: shared };
        };
        const viaData = build();
        const viaDeep = build();
        freezeData(viaData);
        deepFreeze(viaDeep);
        const frozen = (root: unknown): boolean[] => [...reachable(root)].map((o) => Object.isFrozen(o));
        expect(frozen(viaData)).toEqual(frozen(viaDeep));
        expect(frozen(viaData).every(Boolean)).toBe(true);
        expect(viaData).toEqual(viaDeep);
      }),
      { seed: 26, numRuns: 300 },
    );
  });

  it('answers the value itself, leaves primitives alone and stops at a member already frozen', () => {
    const inner = { x: [1] };
    Object.freeze(inner);
    const outer = { inner, list: [{ y: 2 }] };
    expect(freezeData(outer)).toBe(outer);
    expect(Object.isFrozen(outer) && Object.isFrozen(outer.list) && Object.isFrozen(outer.list[0])).toBe(true);
    // As deepFreeze does: a frozen member is taken as frozen all the way down.
    expect(Object.isFrozen(inner.x)).toBe(false);
    expect(freezeData('text')).toBe('text');
    expect(freezeData(null)).toBe(null);
  });
});
