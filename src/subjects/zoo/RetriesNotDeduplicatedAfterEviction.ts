import type { CallToolOp } from '../../model/Operation.ts';
import type { RequestRecord, ToolCallOutcome } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-09. Keeps the request ledger but consults it only while some resident span mentions the original
 * request (its signature or request id), as an agent that recognises a retry from window memory would: once the
 * spans naming it are evicted, the retry is executed again (seed 000, turn 90). The ledger keeps the original
 * record.
 */
export class RetriesNotDeduplicatedAfterEviction extends ReferenceRuntime {
  protected override callTool(op: CallToolOp): ToolCallOutcome {
    const original = this.ledger.get(op.signature);
    if (original === undefined || this.windowMentions(original)) return super.callTool(op);
    return { kind: 'executed', signature: op.signature, requestId: op.requestId };
  }

  private windowMentions(record: RequestRecord): boolean {
    for (const span of this.window.spans()) {
      if (span.content.includes(record.signature) || span.content.includes(record.requestId)) return true;
    }
    return false;
  }
}

export const retriesNotDeduplicatedAfterEviction = runtimeAdapter(
  'retries-not-deduplicated-after-eviction',
  'Breaks INV-09: a retry is answered duplicate only while a resident span still mentions the original request',
  (config) => new RetriesNotDeduplicatedAfterEviction(config),
);
