import type { CallToolOp } from './Operation.ts';
import type { RequestRecord, ToolCallOutcome } from './Outcome.ts';
import type { ReferenceRuntime } from './ReferenceRuntime.ts';

/**
 * INV-09 as an effect ledger (D-18): the ledger, not the window, decides whether a side-effecting call may go
 * out, from what the world answered to the signature's earlier attempts:
 * - an attempt was accepted → `duplicate` (the effect is done; whatever the window still holds);
 * - the last attempt's outcome is unknown → `unreconciled`, unless this call carries the idempotency key that
 *   attempt carried (then the upstream deduplicates, and the call goes out);
 * - the last attempt failed with a retry-after that has not passed on the episode clock → `too-soon`;
 * - otherwise → `executed`: a first call, or a correct retry of a call that failed; the attempt is recorded
 *   with the status the world answered.
 * O(1). The clock moves to the call's `at` whatever the answer: time passes for refused calls too.
 */
export function runCallTool(rt: ReferenceRuntime, op: CallToolOp): ToolCallOutcome {
  const now = op.at ?? rt.clock;
  rt.clock = now;
  const original = rt.ledger.get(op.signature);
  const refusal = original === undefined ? undefined : refuseCall(original, op, now);
  if (refusal !== undefined) return refusal;
  rt.ledger.record({
    signature: op.signature,
    requestId: op.requestId,
    step: rt.step,
    retryAfter: op.retryAfter,
    status: op.status ?? 'accepted',
    at: now,
    idempotencyKey: op.idempotencyKey,
  });
  return { kind: 'executed', signature: op.signature, requestId: op.requestId };
}

/** Why a call of a signature already attempted may not go out now, or `undefined` when it may. */
export function refuseCall(original: RequestRecord, op: CallToolOp, now: number): ToolCallOutcome | undefined {
  const { signature } = op;
  if (original.status === 'accepted') return { kind: 'duplicate', signature, original };
  if (original.status === 'unknown') {
    return original.idempotencyKey !== undefined && op.idempotencyKey === original.idempotencyKey ? undefined : { kind: 'unreconciled', signature, original };
  }
  const retryAt = original.retryAfter === undefined ? undefined : original.at + original.retryAfter;
  return retryAt !== undefined && now < retryAt ? { kind: 'too-soon', signature, original, retryAt } : undefined;
}
