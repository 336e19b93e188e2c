import type { InvariantId } from '../../model/invariants.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import type { ReferenceRuntime, SpanObservation } from '../../model/ReferenceRuntime.ts';

const NONE: readonly string[] = Object.freeze([]);

/** Where `exercisedBy` adds what it finds: a set, or the engine's per-episode counts (each invariant once a step). */
export interface InvariantSink {
  add(invariant: InvariantId): InvariantSink;
}

/**
 * The invariants whose checks had something to judge at this step: what "operations checked" counts per
 * invariant in a report. `outcome` is the reference's (adopted) answer, `before` its observations of the
 * touched ids before the step, `rt` the reference after it. Added to `found` in the order they are first met, an
 * invariant possibly more than once (a set keeps it once; the engine's counts count it once for the step).
 */
export function exercisedBy<S extends InvariantSink = Set<InvariantId>>(op: Operation, outcome: Outcome, before: ReadonlyMap<string, SpanObservation>, rt: ReferenceRuntime, found: S = new Set<InvariantId>() as unknown as S): S {
  const evicted = outcome.kind === 'evicted' ? [outcome.spanId] : outcome.kind === 'compacted' ? outcome.evicted.map((e) => e.spanId) : NONE;
  if (evicted.length > 0) {
    found.add('INV-01').add('INV-11');
    if (evicted.some((id) => rt.span(id)?.kind === 'summary')) found.add('INV-05');
  }
  if (outcome.kind === 'rejected') found.add('INV-12').add('INV-15');
  if (outcome.kind === 'window-full') found.add('INV-13').add('INV-15').add('INV-29');
  // An entry written into the index (a marker, a notice on a resident span) is charged, and may fold others.
  if (evicted.length > 0 || rt.folded.length > 0 || (outcome.kind === 'rejected' && before.get(outcome.spanId)?.resident !== undefined)) found.add('INV-29');
  switch (op.kind) {
    case 'prune': {
      const resident = before.get(op.spanId)?.resident;
      if (resident === undefined) break;
      found.add('INV-03').add('INV-12');
      if (resident.kind === 'raw') found.add('INV-06');
      if (resident.kind === 'derived' && rt.frameEpoch > 0) found.add('INV-08');
      if (before.get(op.spanId)?.tombstone !== undefined) found.add('INV-02');
      break;
    }
    case 'compact':
      if (outcome.kind !== 'compacted') break;
      for (const id of [...outcome.evicted.map((e) => e.spanId), ...outcome.refused]) {
        found.add('INV-03');
        const kind = rt.span(id)?.kind;
        if (kind === 'raw') found.add('INV-06').add('INV-07');
        if (kind === 'derived' && rt.frameEpoch > 0) found.add('INV-08');
      }
      break;
    case 'summarize':
      found.add('INV-05');
      if (outcome.kind === 'summarized') found.add('INV-11').add('INV-14').add('INV-27');
      break;
    case 'reframe':
      found.add('INV-08');
      if (Object.keys(op.scores ?? {}).some((id) => rt.span(id)?.kind === 'summary')) found.add('INV-27');
      break;
    case 'lookup': case 'restore':
      found.add('INV-04');
      if (rt.frameEpoch > 0 && rt.span(op.spanId)?.kind === 'derived') found.add('INV-08');
      break;
    case 'claim': found.add(op.negative === true ? 'INV-28' : 'INV-10'); break;
    case 'callTool': found.add('INV-09'); break;
    case 'setVersion': found.add('INV-11'); break;
    default: break;
  }
  return found;
}
