import type { GateDecision, ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { BackingCheck } from '../../model/Outcome.ts';
import type { Span } from '../../model/Span.ts';

/**
 * Steps 2–5 of the prune gate (spec/SPEC.md §3) without step 1, the tombstone-digest comparison. For zoo
 * members that replace step 1 with their own (wrong) comparison, or drop it altogether.
 */
export function gateIgnoringDigest(rt: ReferenceRuntime, span: Span, acceptLossy: boolean, check: BackingCheck): GateDecision {
  if (rt.isDerivable(span)) return { kind: 'evict', mode: 'derivable', check };
  if (check.existence && check.addressable && check.provenance) return { kind: 'evict', mode: 'reversible', check };
  if (acceptLossy) return { kind: 'evict', mode: 'lossy', check };
  return { kind: 'reject', reason: 'not-reversible', check };
}
