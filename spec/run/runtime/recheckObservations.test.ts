import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/check/Finding.ts';
import { ReferenceRuntime, type SpanObservation } from '../../../src/model/ReferenceRuntime.ts';
import { Recheck, type RecheckHost } from '../../../src/run/runtime/Recheck.ts';

/** A reference holding spans a, b and c, and a host whose system shows exactly what it does. */
function setUp(observations: ReadonlyMap<string, SpanObservation>[]): { readonly recheck: Recheck; readonly host: RecheckHost; readonly reference: ReferenceRuntime } {
  const reference = new ReferenceRuntime({ capacity: 1_000 });
  for (const id of ['a', 'b', 'c']) reference.apply({ kind: 'append', span: { id, kind: 'raw', content: `span ${id}` } });
  const recheck = new Recheck(16);
  for (const id of ['b', 'c']) recheck.touched.add(id);
  const host: RecheckHost = {
    step: observations.length,
    reference,
    observations,
    observe: async (ids) => new Map(ids.map((id) => [id, reference.observe(id)])),
    judge: (finding: Finding) => finding,
    stopped: () => false,
    adoptScores: () => {},
  };
  return { recheck, host, reference };
}

describe('Recheck', () => {
  it("adds what it observed to the last step's observations: the step's own first, then the ids it alone saw, its newer sightings written over", async () => {
    const stale = { spanId: 'b' } as SpanObservation;
    const first = new Map([['a', { spanId: 'a' } as SpanObservation]]);
    const last = new Map([['a', { spanId: 'a' } as SpanObservation], ['b', stale]]);
    const observations: ReadonlyMap<string, SpanObservation>[] = [first, last];
    const { recheck, host, reference } = setUp(observations);
    expect(await recheck.run(host)).toBeUndefined();
    expect([...(observations[1] as ReadonlyMap<string, SpanObservation>).keys()]).toEqual(['a', 'b', 'c']);
    expect(observations[1]?.get('b')).toEqual(reference.observe('b'));
    expect(observations[1]?.get('c')).toEqual(reference.observe('c'));
    expect([...(observations[0] as ReadonlyMap<string, SpanObservation>).keys()]).toEqual(['a']);
  });

  it('merges into a copy when the last step was recorded as a read-only view rather than a map', async () => {
    const held = new Map([['b', { spanId: 'b' } as SpanObservation]]);
    const view: ReadonlyMap<string, SpanObservation> = { get: (id) => held.get(id), has: (id) => held.has(id), get size() { return held.size; }, forEach: (f) => held.forEach(f), entries: () => held.entries(), keys: () => held.keys(), values: () => held.values(), [Symbol.iterator]: () => held[Symbol.iterator]() };
    const observations: ReadonlyMap<string, SpanObservation>[] = [view];
    const { recheck, host } = setUp(observations);
    expect(await recheck.run(host)).toBeUndefined();
    expect(observations[0]).toBeInstanceOf(Map);
    expect([...(observations[0] as ReadonlyMap<string, SpanObservation>).keys()]).toEqual(['b', 'c']);
    expect([...held.keys()]).toEqual(['b']);
  });
});
