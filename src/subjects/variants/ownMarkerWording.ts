import type { IndexEntry } from '../../model/IndexEntry.ts';
import type { EvictionMode, RejectionReason } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * C-5. In-window markers in its own words: the lossy marker reads "[gone] s3 was pruned for good; what it said
 * is unknown: do not assume it never existed", and a rejection notice carries its reason as a sentence.
 */
export class OwnMarkerWording extends ReferenceRuntime {
  protected override markerFor(span: Span, mode: EvictionMode, handle: string | undefined): IndexEntry {
    const marker = super.markerFor(span, mode, handle);
    return marker.kind === 'lossy' ? { ...marker, text: `[gone] ${span.id} was pruned for good; what it said is unknown: do not assume it never existed` } : marker;
  }

  protected override surfaceRejection(spanId: string, reason: RejectionReason): void {
    if (this.window.has(spanId)) this.window.mark({ kind: 'rejected', spanId, reason: `refused: ${reason.replaceAll('-', ' ')}` as RejectionReason, step: this.step });
  }
}

export const ownMarkerWording = runtimeAdapter(
  'own-marker-wording',
  'Legal variant (C-5): lossy markers and rejection notices in its own words',
  (config) => new OwnMarkerWording(config),
);
