import type { PruneOp } from '../../model/Operation.ts';
import type { Evicted, Rejected } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-03. When the model marks a prune `claimSafe`, the runtime takes its word that the span is
 * recoverable: a directive the gate would reject as not reversible, or execute only as a lossy commitment, is
 * executed as a reversible eviction instead, whatever the backing store holds (seed 002: "the model's
 * assertion is an input to the decision, not a proof"). Without `claimSafe` it gates as the reference.
 */
export class TrustsSafeClaim extends ReferenceRuntime {
  protected override prune(op: PruneOp): Evicted | Rejected {
    const span = this.window.get(op.spanId);
    if (span === undefined || op.claimSafe !== true) return super.prune(op);
    const decision = this.gate(span, op.acceptLossy === true);
    const trusted = decision.kind === 'reject' ? decision.reason === 'not-reversible' : decision.mode === 'lossy';
    // It takes the claim for the proof, so it answers the claim upheld whatever its check found.
    if (trusted) return { ...this.evict(span, 'reversible', decision.check), safeClaim: 'upheld' };
    if (decision.kind === 'reject') return { ...this.reject(span.id, decision.reason, decision.check), safeClaim: 'upheld' };
    return { ...this.evict(span, decision.mode, decision.check), safeClaim: 'upheld' };
  }
}

export const trustsSafeClaim = runtimeAdapter(
  'trusts-safe-claim',
  "Breaks INV-03: the model's claimSafe turns a rejected or lossy prune into a reversible eviction",
  (config) => new TrustsSafeClaim(config),
);
