import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Tombstone } from '../../model/Tombstone.ts';
import { TombstoneStore } from '../../model/TombstoneStore.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/** The most tombstones the store keeps. */
export const TOMBSTONE_SLOTS = 64;

/** Whatever holds a span's tombstone in the runtime's table of span records. */
interface Holder {
  tombstone?: Tombstone | undefined;
}

/** A store that keeps the 64 latest tombstones: the 65th distinct id evicted drops the oldest record. */
class CappedStore extends TombstoneStore {
  private readonly order: string[] = [];

  constructor(private readonly records: Map<string, Holder>) {
    super();
    this.bind(records);
  }

  override put(tombstone: Tombstone): void {
    super.put(tombstone);
    const at = this.order.indexOf(tombstone.spanId);
    if (at >= 0) this.order.splice(at, 1);
    this.order.push(tombstone.spanId);
    while (this.order.length > TOMBSTONE_SLOTS) {
      const holder = this.records.get(this.order.shift() as string);
      if (holder !== undefined) holder.tombstone = undefined;
    }
  }
}

/**
 * Breaks INV-01. The external tombstone store is a ring of the 64 latest evictions: the record of an earlier one is
 * dropped, so the id it stood for is no longer known to have been pruned. Issue 22: only a 208-step scenario caught
 * it; generated episodes must reach more than 64 evictions.
 */
export class TombstonesCappedAt64 extends ReferenceRuntime {
  override readonly tombstones: TombstoneStore = new CappedStore(this.known);
}

export const tombstonesCappedAt64 = runtimeAdapter(
  'tombstones-capped-at-64',
  'Breaks INV-01: the external tombstone store keeps only the 64 latest tombstones',
  (config) => new TombstonesCappedAt64(config),
);
