import type { IndexEntry } from '../../model/IndexEntry.ts';
import type { BackingCheck, EvictionMode, Evicted } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-03. Accepts loss when asked and writes the external tombstone, but leaves no lossy marker in the
 * window, so the model cannot see its own hole ("pruned, unrecoverable, contents unknown", seed 002). Reversible
 * and derivable evictions write their markers as the reference does.
 */
export class LossyWithoutMarker extends ReferenceRuntime {
  override evict(span: Span, mode: EvictionMode, check: BackingCheck | undefined, deferred?: Map<string, IndexEntry>): Evicted {
    if (mode !== 'lossy') return super.evict(span, mode, check, deferred);
    const tombstone = this.tombstoneFor(span, mode, undefined);
    this.window.remove(span.id);
    this.writeTombstone(tombstone);
    span.content = '';
    return { kind: 'evicted', spanId: span.id, mode, handle: undefined, check, tombstone };
  }
}

export const lossyWithoutMarker = runtimeAdapter(
  'lossy-without-marker',
  'Breaks INV-03: a lossy eviction leaves no lossy marker in the window',
  (config) => new LossyWithoutMarker(config),
);
