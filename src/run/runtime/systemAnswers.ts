import type { Deviation } from '../../check/runtime/FollowSystem.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import type { SpanObservation } from '../../model/ReferenceRuntime.ts';
import { TimeoutError } from '../../util/withTimeout.ts';

/** The engine's own timer, or an adapter's error that says it is a timeout (a protocol client's `TIMEOUT`). */
export function isTimeout(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  const e = error as { code?: unknown; finding?: unknown } | null;
  return typeof e === 'object' && e !== null && (e.finding === 'TIMEOUT' || e.code === 'TIMEOUT');
}

/** Null (as JSON protocols send it) and undefined mean the same in observations. */
export function normalizeObservation(o: SpanObservation): SpanObservation {
  const resident = o.resident ?? undefined;
  const index = o.index ?? undefined;
  const tombstone = o.tombstone ?? undefined;
  // The pointer of the gap marker an entry was folded into (INV-29). Written out, not spread onto the rest: an
  // object spread is one of the dearest things a step does before TurboFan optimizes it (a default check).
  return typeof o.gap === 'string' ? { spanId: o.spanId, resident, index, tombstone, gap: o.gap } : { spanId: o.spanId, resident, index, tombstone };
}

export const stateOf = (o: SpanObservation | undefined) => ({ resident: o?.resident ?? null, tombstone: o?.tombstone ?? null, index: o?.index ?? null });

/**
 * The outcome the reference would have answered on its own: what a step's situations are judged by, also when
 * the reference was forced to follow a system past a gate answer the adapter's unclaimed invariants forbid.
 */
export function naturalOutcome(op: Operation, expected: Outcome, deviations: readonly Deviation[]): Outcome {
  if (op.kind !== 'prune' || deviations.length === 0) return expected;
  const forced = deviations.find((d) => d.forced);
  if (forced === undefined) return expected;
  const { allowed } = forced;
  if (allowed.kind === 'reject') return { kind: 'rejected', spanId: op.spanId, reason: allowed.reason, check: allowed.check };
  return expected.kind === 'evicted' ? { ...expected, mode: allowed.mode } : expected;
}
