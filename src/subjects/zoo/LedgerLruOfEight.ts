import type { RequestRecord } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { RequestLedger } from '../../model/RequestLedger.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/** The most signatures the cache keeps. */
export const LEDGER_SLOTS = 8;

/**
 * The ledger as a least-recently-used cache of eight signatures: the ninth distinct one pushes the oldest out. It
 * keeps the reference ledger's rule (an accepted attempt is never replaced) for what it still holds.
 */
class LruLedger extends RequestLedger {
  /** Records in least-recently-used order: a read or a write moves a signature to the end. */
  private readonly kept = new Map<string, RequestRecord>();

  override get(signature: string): RequestRecord | undefined {
    const record = this.kept.get(signature);
    if (record !== undefined) {
      this.kept.delete(signature);
      this.kept.set(signature, record);
    }
    return record;
  }

  override record(record: RequestRecord): void {
    const held = this.kept.get(record.signature);
    this.kept.delete(record.signature);
    this.kept.set(record.signature, held?.status === 'accepted' ? held : record);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= LEDGER_SLOTS) break;
      this.kept.delete(oldest);
    }
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
