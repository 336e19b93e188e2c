import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-08. Derivability ignores the frame it was declared under: after a re-frame, a derived span whose
 * sources are resident is still "derivable", so it is neither floored nor kept, and a prune or compaction evicts
 * it as derivable (seed 001: content derivable under "fix the migration" dropped after the re-frame to "explain
 * it"). Re-scoring and re-declared derivations work as in the reference.
 */
export class NoReframeInvalidation extends ReferenceRuntime {
  override isDerivable(span: Span): boolean {
    if (span.kind !== 'derived' || span.derivationFrame === undefined || span.sources.length === 0) return false;
    return span.sources.every((id) => this.window.has(id));
  }
}

export const noReframeInvalidation = runtimeAdapter(
  'no-reframe-invalidation',
  'Breaks INV-08: a re-frame does not end derivability, so no span is floored and old derivations still evict',
  (config) => new NoReframeInvalidation(config),
);
