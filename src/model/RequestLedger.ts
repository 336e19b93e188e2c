import type { RequestRecord } from './Outcome.ts';

/**
 * The effect ledger: attempts of side-effecting calls by signature, kept outside the window (seed 000,
 * operational effect (c)): a retry is checked here, not against window memory, so it is recognised after every
 * span naming it is gone, and pending or done actions survive any prune.
 *
 * Contract: `get` answers the record that decides a signature's next call: its accepted attempt once there is
 * one (an accepted attempt is never replaced), else its latest attempt. `record` adds an attempt; the reference
 * records one only when the call went out. Both are O(1).
 */
export class RequestLedger {
  private readonly records = new Map<string, RequestRecord>();

  get(signature: string): RequestRecord | undefined {
    return this.records.get(signature);
  }

  record(record: RequestRecord): void {
    if (this.records.get(record.signature)?.status === 'accepted') return;
    this.records.set(record.signature, record);
  }
}
