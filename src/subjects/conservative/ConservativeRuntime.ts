import type { Gatekeeper } from '../../model/Chooser.ts';
import { ReferenceRuntime, type GateDecision } from '../../model/ReferenceRuntime.ts';
import type { WindowFull } from '../../model/Outcome.ts';
import type { Span } from '../../model/Span.ts';
import { ContextOverflowError } from '../../adapters/ContextOverflowError.ts';

/**
 * The conservative pruner of seed 002's inverse observation: it "refused to drop anything because it could not
 * verify persistence". It is the reference runtime with two deviations:
 * - the gate never commits loss: a prune that is neither derivable nor verifiably reversible is rejected even
 *   when the directive accepts loss (so the caller has no way to free unverifiable space);
 * - at the hard ceiling it throws `ContextOverflowError` instead of answering `window-full` (INV-13 broken).
 */
export class ConservativeRuntime extends ReferenceRuntime {
  protected override hasProvenance(): boolean {
    return this.store.distinguishesAbsent;
  }

  override gate(span: Span, acceptLossy: boolean, by?: Gatekeeper): GateDecision {
    const decision = super.gate(span, acceptLossy, by);
    if (decision.kind === 'evict' && decision.mode === 'lossy') return { kind: 'reject', reason: 'not-reversible', check: decision.check };
    return decision;
  }

  override full(spanId: string, needed: number): WindowFull {
    throw new ContextOverflowError(spanId, needed, this.window.used, this.window.capacity);
  }
}
