import type { SummarizeOp } from '../../model/Operation.ts';
import type { Rejected, Summarized, WindowFull } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-05. Summarizes a span that already carries a provenance marker without being asked to escalate,
 * and records only the sources that were not themselves summaries: a summary of a summary loses the link to
 * the summary it rests on (seed 000, turn 120: provenance laundered). Escalated directives and first-level
 * summaries behave as in the reference.
 */
export class ResummarizesWithoutChain extends ReferenceRuntime {
  protected override summarize(op: SummarizeOp): Summarized | Rejected | WindowFull {
    if (op.escalate === true) return super.summarize(op);
    const derived = op.sourceIds.filter((id) => this.window.get(id)?.provenance !== undefined);
    if (derived.length === 0) return super.summarize(op);
    const outcome = super.summarize({ ...op, escalate: true });
    const summary = this.known.get(op.summaryId);
    if (outcome.kind === 'summarized' && summary !== undefined) {
      (summary as { sources: readonly string[] }).sources = op.sourceIds.filter((id) => !derived.includes(id));
    }
    return outcome;
  }
}

export const resummarizesWithoutChain = runtimeAdapter(
  'resummarizes-without-chain',
  'Breaks INV-05: re-summarizes a summary without escalate and drops it from the new summary\'s chain',
  (config) => new ResummarizesWithoutChain(config),
);
