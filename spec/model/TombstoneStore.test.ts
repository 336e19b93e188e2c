import { describe, expect, it } from 'vitest';
import type { Tombstone } from '../../src/model/Tombstone.ts';
import { TombstoneStore } from '../../src/model/TombstoneStore.ts';
import { sha256 } from '../helpers/model.ts';

function tombstone(spanId: string, step: number): Tombstone {
  return { spanId, tokenRange: [0, 3], policyVersion: 'p', modelVersion: 'm', score: 0.5, digest: sha256(spanId), derivationChain: [], mode: 'lossy', handle: undefined, step };
}

describe('TombstoneStore', () => {
  it('keeps one record per span id, the latest eviction', () => {
    const store = new TombstoneStore();
    expect([store.size, store.get('a')]).toEqual([0, undefined]);

    store.put(tombstone('a', 1));
    store.put(tombstone('b', 2));
    store.put(tombstone('a', 3));

    expect(store.size).toBe(2);
    expect(store.spanIds()).toEqual(['a', 'b']);
    expect(store.get('a')?.step).toBe(3);
    expect(store.get('b')).toEqual(tombstone('b', 2));
  });

  it('writes on the record a bound caller hands it, counting each span once, as a write by id does', () => {
    const records = new Map<string, { tombstone?: Tombstone | undefined }>([['a', {}], ['b', {}]]);
    const store = new TombstoneStore();
    store.bind(records);
    const a = records.get('a') as { tombstone?: Tombstone };
    store.put(tombstone('a', 1), a);
    store.put(tombstone('b', 2));
    store.put(tombstone('a', 3), a);

    expect(store.size).toBe(2);
    expect(store.spanIds()).toEqual(['a', 'b']);
    expect(a.tombstone?.step).toBe(3);
    expect(store.get('a')?.step).toBe(3);
    expect(records.get('b')?.tombstone).toEqual(tombstone('b', 2));
  });
});
