import type { GateDecision, Gatekeeper } from './Chooser.ts';
import { isResolvable } from './gateOptions.ts';
import type { ReferenceRuntime } from './ReferenceRuntime.ts';
import type { Span } from './Span.ts';

/**
 * The reference's own gate decision, without listing the options: exactly the first allowed option of
 * `gateOptions` (what `REFERENCE_CHOOSER` picks), asked of the runtime in the same order, so a runtime that
 * overrides a check (`backingCheck`, `contentChanged`, `isDerivable`, …) gets the same answer either way. The
 * option list is built only for a chooser that needs it (the conformance engine's, which follows a system).
 */
export function referenceDecision(rt: ReferenceRuntime, span: Span, acceptLossy: boolean, by: Gatekeeper): GateDecision {
  const check = rt.backingCheck(span);
  if (rt.contentChanged(span)) return { kind: 'reject', reason: 'content-changed', check };
  if (by === 'compact' && rt.effectiveScore(span) === Number.POSITIVE_INFINITY) return { kind: 'reject', reason: 'not-reversible', check };
  if (rt.isDerivable(span)) return { kind: 'evict', mode: 'derivable', check };
  if (isResolvable(check)) return { kind: 'evict', mode: 'reversible', check };
  if (acceptLossy && by === 'prune') return span.floored ? { kind: 'reject', reason: 'floored', check } : { kind: 'evict', mode: 'lossy', check };
  return { kind: 'reject', reason: 'not-reversible', check };
}
