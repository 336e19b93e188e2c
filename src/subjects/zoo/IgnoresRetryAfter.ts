import type { CallToolOp } from '../../model/Operation.ts';
import type { ToolCallOutcome } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-09. Records the upstream's retry-after but never enforces it: a call that failed with a 429 is
 * retried at once (seed 000, turn 120: the agent "had retried immediately", while its summary said it backed
 * off). Duplicates and unknown outcomes are answered as the reference answers them.
 */
export class IgnoresRetryAfter extends ReferenceRuntime {
  protected override callTool(op: CallToolOp): ToolCallOutcome {
    const original = this.ledger.get(op.signature);
    if (original?.status !== 'failed' || original.retryAfter === undefined) return super.callTool(op);
    // The call goes out, recorded as the reference records an attempt.
    this.clock = op.at ?? this.clock;
    this.ledger.record({ signature: op.signature, requestId: op.requestId, step: this.step, retryAfter: op.retryAfter, status: op.status ?? 'accepted', at: this.clock, idempotencyKey: op.idempotencyKey });
    return { kind: 'executed', signature: op.signature, requestId: op.requestId };
  }
}

export const ignoresRetryAfter = runtimeAdapter(
  'ignores-retry-after',
  'Breaks INV-09: a call that failed with a retry-after is retried at once',
  (config) => new IgnoresRetryAfter(config),
);
