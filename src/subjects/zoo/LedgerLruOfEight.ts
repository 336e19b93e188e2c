import type { RequestRecord } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { RequestLedger } from '../../model/RequestLedger.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/** The most signatures the cache keeps. */
export const LEDGER_SLOTS = 8;

/** The ledger as a least-recently-used cache of eight signatures: the ninth distinct one pushes the oldest out. */
class LruLedger extends RequestLedger {
  private readonly order: string[] = [];

  override get(signature: string): RequestRecord | undefined {
    const record = super.get(signature);
    if (record !== undefined) this.touch(signature);
    return record;
  }

  override record(record: RequestRecord): void {
    super.record(record);
    this.touch(record.signature);
    while (this.order.length > LEDGER_SLOTS) {
      const oldest = this.order.shift() as string;
      this.forget(oldest);
    }
  }

  private touch(signature: string): void {
    const at = this.order.indexOf(signature);
    if (at >= 0) this.order.splice(at, 1);
    this.order.push(signature);
  }

  private forget(signature: string): void {
    // The base keeps its records in a private map: forgetting is replacing the record by nothing, through a view.
    (this as unknown as { records: Map<string, RequestRecord> }).records.delete(signature);
  }
}

/**
 * Breaks INV-09. The effect ledger is a cache of the eight signatures last used, as a bounded request-dedup table
 * often is: a retry of a call made before eight other distinct side-effecting calls is not recognised and goes out
 * again. Issue 11 named a ledger of a handful of entries; issue 22 found this one still passing at seeds 1, 3, 7.
 */
export class LedgerLruOfEight extends ReferenceRuntime {
  override readonly ledger: RequestLedger = new LruLedger();
}

export const ledgerLruOfEight = runtimeAdapter(
  'ledger-lru-of-eight',
  'Breaks INV-09: the effect ledger keeps only the eight signatures last used (an LRU cache)',
  (config) => new LedgerLruOfEight(config),
);
