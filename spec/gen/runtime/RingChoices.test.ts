import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RING, RingChoices, type Pin } from '../../../src/gen/runtime/RingChoices.ts';

/** Items with places on the ring (some without one: they sit at 0), picks, and a step run twice. */
const steps = fc.record({
  items: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 12 }),
  places: fc.array(fc.option(fc.nat({ max: RING - 1 }), { nil: undefined }), { minLength: 12, maxLength: 12 }),
  picks: fc.array(fc.nat({ max: RING - 1 }), { minLength: 1, maxLength: 5 }),
  dropped: fc.nat({ max: 11 }),
});

/** The choices of one step, made with `choose` (a callback per item) or `chooseByPlace` (the map). */
function resolve(byPlace: boolean, items: readonly string[], places: ReadonlyMap<string, number>, picks: readonly number[], pins?: readonly Pin[]): { chosen: (string | undefined)[]; pins: readonly Pin[] } {
  const ring = new RingChoices();
  ring.begin(pins);
  const chosen = picks.map((pick) => (byPlace ? ring.chooseByPlace(items, places, pick) : ring.choose(items, (item) => places.get(item) ?? 0, pick)));
  return { chosen, pins: ring.end() };
}

describe('RingChoices.chooseByPlace', () => {
  it('chooses and pins as choose does with each place read from the same map, on a first run and on a rerun by its pins with an item gone', () => {
    fc.assert(
      fc.property(steps, ({ items, places: drawn, picks, dropped }) => {
        const places = new Map<string, number>();
        items.forEach((item, i) => {
          const place = drawn[i];
          if (place !== undefined) places.set(item, place);
        });
        const first = resolve(false, items, places, picks);
        expect(resolve(true, items, places, picks)).toEqual(first);
        // Rerun (as while shrinking) with the first run's pins, one item gone: the pins aim both the same way.
        const fewer = items.filter((_, i) => i !== dropped);
        expect(resolve(true, fewer, places, picks, first.pins)).toEqual(resolve(false, fewer, places, picks, first.pins));
      }),
    );
  });

  it('chooses nothing from an empty pool and pins the aim', () => {
    const ring = new RingChoices();
    ring.begin();
    expect(ring.chooseByPlace([], new Map(), 17)).toBeUndefined();
    expect(ring.end()).toEqual([{ pick: 17, at: 17 }]);
  });

  it('takes the first item at or after the pick on the ring, wrapping, ties to the earliest', () => {
    const ring = new RingChoices();
    ring.begin();
    const places = new Map([['a', 10], ['b', 500], ['c', 500], ['d', 990]]);
    expect(ring.chooseByPlace(['a', 'b', 'c', 'd'], places, 400)).toBe('b');
    expect(ring.chooseByPlace(['a', 'b', 'c', 'd'], places, 995)).toBe('a');
    expect(ring.chooseByPlace(['a', 'b', 'c', 'd', 'e'], places, 995)).toBe('e');
    expect(ring.end()).toEqual([{ pick: 400, at: 500 }, { pick: 995, at: 10 }, { pick: 995, at: 0 }]);
  });
});
