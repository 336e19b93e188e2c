import type { Tombstone } from './Tombstone.ts';

/**
 * The external tombstone store (INV-01): one record per evicted span id, the latest eviction's. It lives
 * outside the window, so a tombstone survives whatever later happens to the window. Reads and writes are O(1).
 */
export class TombstoneStore {
  private readonly records = new Map<string, Tombstone>();

  get(spanId: string): Tombstone | undefined {
    return this.records.get(spanId);
  }

  put(tombstone: Tombstone): void {
    this.records.set(tombstone.spanId, tombstone);
  }

  get size(): number {
    return this.records.size;
  }
}
