import type { Gatekeeper, GateDecision } from '../../model/Chooser.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-08. Lets `acceptLossy` win over the re-frame floor, as prunecheck's reference did before SPEC 1.1: a
 * span whose derivability a re-frame flipped, and that nothing backs, is destroyed on the model's say-so, although
 * seed 001 says to "refuse eviction of anything whose derivability status changed" (D-20).
 */
export class AcceptsLossOfReframed extends ReferenceRuntime {
  override gate(span: Span, acceptLossy: boolean, by: Gatekeeper = 'prune'): GateDecision {
    const decision = super.gate(span, acceptLossy, by);
    if (decision.kind === 'reject' && decision.reason === 'floored') return { kind: 'evict', mode: 'lossy', check: decision.check };
    return decision;
  }
}

export const acceptsLossOfReframed = runtimeAdapter(
  'accepts-loss-of-reframed',
  'Breaks INV-08: a prune accepting loss destroys a span a re-frame floored',
  (config) => new AcceptsLossOfReframed(config),
);
