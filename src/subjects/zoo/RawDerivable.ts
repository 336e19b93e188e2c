import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-06. Considers a raw observation derivable once a resident summary covers it, as if the model could
 * re-derive the exact bytes from its own summary (seed 001, step 4: the re-frame hallucinated constraint). So a
 * summarized raw span is evicted as `derivable` rather than reversibly or lossily. O(resident spans) per check.
 */
export class RawDerivable extends ReferenceRuntime {
  override isDerivable(span: Span): boolean {
    if (span.kind !== 'raw') return super.isDerivable(span);
    for (const other of this.window.spans()) {
      if (other.kind === 'summary' && other.sources.includes(span.id)) return true;
    }
    return false;
  }

  /** Raw spans can be derivable here: a re-frame measures every resident span. */
  override derivabilityCandidates(): Iterable<Span> {
    return this.window.spans();
  }
}

export const rawDerivable = runtimeAdapter(
  'raw-derivable',
  'Breaks INV-06: a raw observation covered by a resident summary is evicted as derivable',
  (config) => new RawDerivable(config),
);
