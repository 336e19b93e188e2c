import type { CallToolOp } from '../../model/Operation.ts';
import type { ToolCallOutcome } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-09. Takes an error for a failure: a call whose outcome is unknown (a timeout, a 503 after the
 * upstream "accepted for processing") is retried without its idempotency key, as if it had not taken effect:
 * the duplicate payout of seed 000, turn 90 ("re-issued the original failing call, triggering a duplicate side
 * effect"). Accepted and failed attempts are answered as the reference answers them.
 */
export class RetriesUnknownOutcome extends ReferenceRuntime {
  protected override callTool(op: CallToolOp): ToolCallOutcome {
    const original = this.ledger.get(op.signature);
    if (original?.status !== 'unknown') return super.callTool(op);
    // The call goes out, recorded as the reference records an attempt.
    this.clock = op.at ?? this.clock;
    this.ledger.record({ signature: op.signature, requestId: op.requestId, step: this.step, retryAfter: op.retryAfter, status: op.status ?? 'accepted', at: this.clock, idempotencyKey: op.idempotencyKey });
    return { kind: 'executed', signature: op.signature, requestId: op.requestId };
  }
}

export const retriesUnknownOutcome = runtimeAdapter(
  'retries-unknown-outcome',
  'Breaks INV-09: a call whose outcome is unknown is retried without its idempotency key, as if it had failed',
  (config) => new RetriesUnknownOutcome(config),
);
