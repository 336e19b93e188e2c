import type { SummarizeOp } from '../../model/Operation.ts';
import type { Rejected, Summarized, WindowFull } from '../../model/Outcome.ts';
import { DEFAULT_SCORE, ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-27. A summary keeps whatever score the model that wrote it gave it, as prunecheck's reference did
 * before SPEC 1.1: a false summary scored 0.95 outranks the 0.1 error it misdescribes, survives the next passes
 * and becomes the history the scorer trusts (seed 000, turn 120). Everything else is the reference's.
 */
export class SummaryOutranksSources extends ReferenceRuntime {
  protected override summarize(op: SummarizeOp): Summarized | Rejected | WindowFull {
    const outcome = super.summarize(op);
    const summary = this.window.get(op.summaryId);
    if (outcome.kind === 'summarized' && summary !== undefined) summary.score = op.score ?? DEFAULT_SCORE;
    return outcome;
  }
}

export const summaryOutranksSources = runtimeAdapter(
  'summary-outranks-sources',
  "Breaks INV-27: a summary keeps the score its author gave it, above the sources it was drawn from",
  (config) => new SummaryOutranksSources(config),
);
