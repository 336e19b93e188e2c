import type { Gatekeeper, GateDecision } from '../../model/Chooser.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-03. Its gate takes seed 002's condition 3 from the backing store alone, as prunecheck's reference did
 * before SPEC 1.1: with a store that answers "absent" for an expired copy, a verified byte-identical copy does not
 * count, although the external tombstone keeps its handle and digest (D-23). The span is refused, or destroyed
 * when the model accepts loss, while a lossless route is open (the overflow scenario's deploy-3). Its floors and
 * lookups are the reference's.
 */
export class StoreProvenanceOnly extends ReferenceRuntime {
  override gate(span: Span, acceptLossy: boolean, by: Gatekeeper = 'prune'): GateDecision {
    const decision = super.gate(span, acceptLossy, by);
    if (this.store.distinguishesAbsent || decision.kind !== 'evict' || decision.mode !== 'reversible') return decision;
    const check = { ...decision.check, provenance: false };
    return acceptLossy && by === 'prune' ? { kind: 'evict', mode: 'lossy', check } : { kind: 'reject', reason: 'not-reversible', check };
  }
}

export const storeProvenanceOnly = runtimeAdapter(
  'store-provenance-only',
  'Breaks INV-03: a verified copy counts only if the backing store tells expired from absent; the tombstone store is ignored',
  (config) => new StoreProvenanceOnly(config),
);
