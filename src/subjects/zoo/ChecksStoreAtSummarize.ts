import type { PruneOp, SummarizeOp } from '../../model/Operation.ts';
import type { BackingCheck, Evicted, Rejected, Summarized, WindowFull } from '../../model/Outcome.ts';
import type { Gatekeeper } from '../../model/Chooser.ts';
import { ReferenceRuntime, type GateDecision } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-03 (D-09). Checks the backing store when a span is summarized, the moment seed 002's
 * `prune(block_7, replace_with=digest)` was written, and reuses that passing check when the span is later
 * pruned or compacted. A rotation (or an edit) between the summary and the prune goes unseen, so the span is
 * evicted "reversibly" against a copy that no longer exists or no longer matches. A failing check is not
 * cached, so the runtime is never more conservative than the reference.
 */
export class ChecksStoreAtSummarize extends ReferenceRuntime {
  private readonly checkedAtSummary = new Map<string, BackingCheck>();
  private gating = false;

  protected override summarize(op: SummarizeOp): Summarized | Rejected | WindowFull {
    const outcome = super.summarize(op);
    if (outcome.kind !== 'summarized') return outcome;
    for (const id of op.sourceIds) {
      const span = this.window.get(id);
      if (span === undefined) continue;
      const check = this.backingCheck(span);
      if (check.existence && check.addressable && check.provenance) this.checkedAtSummary.set(id, check);
    }
    return outcome;
  }

  /**
   * The outcome logs the store as it is at the prune: only the decision reuses the stale check. So the member
   * breaks INV-03 alone, not also INV-12 by logging a check that was not made at the prune.
   */
  protected override prune(op: PruneOp): Evicted | Rejected {
    const span = this.window.get(op.spanId);
    const fresh = span === undefined ? undefined : super.backingCheck(span);
    const outcome = super.prune(op);
    return fresh === undefined || outcome.check === undefined ? outcome : { ...outcome, check: fresh };
  }

  override gate(span: Span, acceptLossy: boolean, by?: Gatekeeper): GateDecision {
    this.gating = true;
    try {
      return super.gate(span, acceptLossy, by);
    } finally {
      this.gating = false;
    }
  }

  /** The retention floor is read from the store as it is now: only the gate's own check is the stale one. */
  override effectiveScore(span: Span): number {
    const gating = this.gating;
    this.gating = false;
    try {
      return super.effectiveScore(span);
    } finally {
      this.gating = gating;
    }
  }

  override backingCheck(span: Span): BackingCheck {
    const cached = this.gating ? this.checkedAtSummary.get(span.id) : undefined;
    return cached ?? super.backingCheck(span);
  }
}

export const checksStoreAtSummarize = runtimeAdapter(
  'checks-store-at-summarize',
  'Breaks INV-03: the backing-store check is made when a span is summarized and reused, stale, when it is pruned',
  (config) => new ChecksStoreAtSummarize(config),
);
