import type { LookupAnswer } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-04. Takes whatever the backing store answers under a span's handle for the span, as most retrieval
 * layers do: after the log was rewritten in place, a lookup answers `recoverable` with the new bytes and a restore
 * (which reads through the lookup) brings them back as the evicted span (seed 002: "The runtime returns an empty or stale result"). It never
 * compares the copy with the digest its tombstone keeps (D-25).
 */
export class TrustsStaleCopy extends ReferenceRuntime {
  override lookup(spanId: string): LookupAnswer {
    const answer = super.lookup(spanId);
    if (answer.kind !== 'tombstoned' || answer.why !== 'stale') return answer;
    const handle = this.tombstones.get(spanId)?.handle as string;
    const read = this.store.read(handle);
    return read.status === 'present' ? { kind: 'recoverable', spanId, handle, content: read.content } : answer;
  }

}

export const trustsStaleCopy = runtimeAdapter(
  'trusts-stale-copy',
  'Breaks INV-04: a lookup or restore takes the bytes under the handle for the span, after the log rewrote them',
  (config) => new TrustsStaleCopy(config),
);
