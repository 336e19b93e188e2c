import type { RequestRecord } from './Outcome.ts';

/**
 * Request signatures of side-effecting calls, kept outside the window (seed 000, operational effect (c)): a
 * retry is checked here, not against window memory, so it is recognised after every span naming it is gone.
 */
export class RequestLedger {
  private readonly records = new Map<string, RequestRecord>();

  get(signature: string): RequestRecord | undefined {
    return this.records.get(signature);
  }

  record(record: RequestRecord): void {
    this.records.set(record.signature, record);
  }
}
