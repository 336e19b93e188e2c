import type { Tombstone } from './Tombstone.ts';

/** Whatever holds a span's tombstone: the span's own record (`Span.tombstone`) in a runtime's store. */
interface TombstoneHolder {
  tombstone?: Tombstone | undefined;
}

/**
 * The external tombstone store (INV-01): one record per evicted span id, the latest eviction's. It lives
 * outside the window, so a tombstone survives whatever later happens to the window. Reads and writes are O(1).
 *
 * A runtime binds it to its table of span records (`bind`): a span's tombstone is then kept on its record
 * (`Span.tombstone`), read by the directives from the record they already hold.
 */
export class TombstoneStore {
  private holders = new Map<string, TombstoneHolder>();
  /** Tombstones of ids a bound store's table does not hold (never written by the reference). */
  private readonly unbound = new Map<string, TombstoneHolder>();
  private bound = false;
  private count = 0;
  /** Every span id that holds a tombstone, in the order of its first one: walked instead of the whole table. */
  private readonly written: string[] = [];

  /** Keeps each tombstone on its span's record in `records` (a runtime's table of spans), from now on. */
  bind(records: Map<string, TombstoneHolder>): void {
    if (this.count > 0) throw new Error('TombstoneStore.bind after a tombstone was written: bind a store before its first put');
    this.holders = records;
    this.bound = true;
  }

  get(spanId: string): Tombstone | undefined {
    return (this.holders.get(spanId) ?? (this.bound ? this.unbound.get(spanId) : undefined))?.tombstone;
  }

  /**
   * Writes a tombstone. A caller that holds the span's record in the bound table (`record`, the runtime's own)
   * passes it, so the write needs no lookup by id; the record must be the table's entry for `tombstone.spanId`.
   */
  put(tombstone: Tombstone, record?: TombstoneHolder): void {
    if (record !== undefined) {
      if (record.tombstone === undefined) this.first(tombstone.spanId);
      record.tombstone = tombstone;
      return;
    }
    let holder = this.holders.get(tombstone.spanId) ?? (this.bound ? this.unbound.get(tombstone.spanId) : undefined);
    if (holder === undefined) {
      holder = {};
      (this.bound ? this.unbound : this.holders).set(tombstone.spanId, holder);
    }
    if (holder.tombstone === undefined) this.first(tombstone.spanId);
    holder.tombstone = tombstone;
  }

  private first(spanId: string): void {
    this.count += 1;
    this.written.push(spanId);
  }

  /** The ids holding a tombstone, each once: O(tombstones), however large the table of spans. */
  spanIds(): readonly string[] {
    return this.written;
  }

  get size(): number {
    return this.count;
  }
}
