import type { SummarizeOp } from '../../model/Operation.ts';
import type { Rejected, Summarized, WindowFull } from '../../model/Outcome.ts';
import { DEFAULT_SCORE, ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-14. Couples summary and retention through shared salience (seed 001, second observation): once a
 * summary is written, each source's score is capped at the summary's score, so a low-scored summary drags its
 * sources towards eviction. A summary scored at or above its sources changes nothing.
 */
export class SummaryLowersSources extends ReferenceRuntime {
  protected override summarize(op: SummarizeOp): Summarized | Rejected | WindowFull {
    const outcome = super.summarize(op);
    if (outcome.kind !== 'summarized') return outcome;
    const cap = op.score ?? DEFAULT_SCORE;
    for (const id of op.sourceIds) {
      const source = this.window.get(id);
      if (source !== undefined) source.score = Math.min(source.score, cap);
    }
    return outcome;
  }
}

export const summaryLowersSources = runtimeAdapter(
  'summary-lowers-sources',
  "Breaks INV-14: writing a summary caps its sources' retention scores at the summary's score",
  (config) => new SummaryLowersSources(config),
);
