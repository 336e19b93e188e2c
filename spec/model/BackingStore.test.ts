import { describe, expect, it } from 'vitest';
import { BackingStore } from '../../src/model/BackingStore.ts';
import { sha256 } from '../helpers/model.ts';

describe('BackingStore', () => {
  it('stores each copy under a fresh handle and reads it back with its sha256', () => {
    const store = new BackingStore();
    const first = store.put('a', 'v1');
    const second = store.put('a', 'v2');

    expect(first).not.toBe(second);
    expect(store.handleFor('a')).toBe(second);
    expect(store.read(first)).toEqual({ status: 'present', content: 'v1', digest: sha256('v1') });
    expect(store.read(second)).toEqual({ status: 'present', content: 'v2', digest: sha256('v2') });
    expect(store.handleFor('b')).toBeUndefined();
  });

  it('answers expired for a rotated copy and absent for a handle never issued', () => {
    const store = new BackingStore();
    const handle = store.put('a', 'v1');

    expect(store.expire(['a'])).toEqual(['a']);
    expect(store.read(handle)).toEqual({ status: 'expired' });
    expect(store.read('bs://nothing#9')).toEqual({ status: 'absent' });
    expect(store.handleFor('a')).toBe(handle);
  });

  it('reads an expired copy as absent when it cannot distinguish the two', () => {
    const store = new BackingStore(false);
    const handle = store.put('a', 'v1');
    store.expire();

    expect(store.distinguishesAbsent).toBe(false);
    expect(store.read(handle)).toEqual({ status: 'absent' });
  });

  it('expires every copy when no ids are named, and reports each span that lost content once', () => {
    const store = new BackingStore();
    const old = store.put('a', 'v1');
    store.put('a', 'v2');
    store.put('b', 'w');

    expect(store.expire()).toEqual(['a', 'b']);
    expect(store.expire()).toEqual([]);
    expect(store.expire(['a', 'never-stored'])).toEqual([]);
    expect(store.read(old).status).toBe('expired');
  });

  it('rotating a named span expires every copy of it, older ones included (a span rotated out is gone)', () => {
    const store = new BackingStore();
    const old = store.put('a', 'v1');
    const latest = store.put('a', 'v1');
    const other = store.put('b', 'w');

    expect(store.expire(['a'])).toEqual(['a']);
    expect([store.read(old).status, store.read(latest).status, store.read(other).status]).toEqual(['expired', 'expired', 'present']);
  });
});
