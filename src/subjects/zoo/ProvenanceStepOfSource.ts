import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span, SpanView } from '../../model/Span.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-05. A summary's provenance marker carries the step of its newest source instead of the step it was
 * written at (§1: "model and policy versions; step"): the marker dates the summary to evidence it had not yet
 * summarized, so a reader cannot order it against what happened in between. Everything else is the reference's.
 * Issue 22: the observation check compared `derived`, versions, sources, score and kind, never the step.
 */
export class ProvenanceStepOfSource extends ReferenceRuntime {
  override view(span: Span): SpanView {
    const seen = super.view(span);
    if (seen.provenance === undefined) return seen;
    const newest = Math.max(0, ...span.sources.map((id) => this.span(id)?.appendedAt ?? 0));
    return { ...seen, provenance: { ...seen.provenance, step: newest } };
  }
}

export const provenanceStepOfSource = runtimeAdapter(
  'provenance-step-of-source',
  "Breaks INV-05: a summary's provenance marker carries its newest source's step, not the step it was written at",
  (config) => new ProvenanceStepOfSource(config),
);
