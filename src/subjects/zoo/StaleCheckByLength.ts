import type { BackingCheck, EvictionMode, Evicted, LookupAnswer } from '../../model/Outcome.ts';
import type { IndexEntry } from '../../model/IndexEntry.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-04. Checks a backing copy against the evicted span by its length, not its digest: a copy rewritten with
 * other bytes of the same length (one character changed, a same-length edit) reads as the span, so a lookup answers
 * it `recoverable` and a restore brings it back. A copy of another length is caught as stale, as in the reference.
 * Issue 22: every generated overwrite appended the same suffix, so the length always changed and this passed.
 */
export class StaleCheckByLength extends ReferenceRuntime {
  private readonly evictedLength = new Map<string, number>();

  override evict(span: Span, mode: EvictionMode, check: BackingCheck | undefined, deferred?: Map<string, IndexEntry>): Evicted {
    this.evictedLength.set(span.id, span.content.length);
    return super.evict(span, mode, check, deferred);
  }

  override lookup(spanId: string): LookupAnswer {
    const answer = super.lookup(spanId);
    if (answer.kind !== 'tombstoned' || answer.why !== 'stale') return answer;
    const handle = this.tombstones.get(spanId)?.handle as string;
    const read = this.store.read(handle);
    return read.status === 'present' && read.content.length === this.evictedLength.get(spanId) ? { kind: 'recoverable', spanId, handle, content: read.content } : answer;
  }
}

export const staleCheckByLength = runtimeAdapter(
  'stale-check-by-length',
  'Breaks INV-04: a backing copy is checked against the evicted span by its length, not its digest',
  (config) => new StaleCheckByLength(config),
);
