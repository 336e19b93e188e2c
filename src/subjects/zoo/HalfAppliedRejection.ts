import type { PruneOp } from '../../model/Operation.ts';
import type { Evicted, Rejected } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-15. Demotes a span's retention score to 0 as soon as the model asks to prune it, before the gate
 * decides, and does not undo it when the directive is rejected: the span stays, but as the next compaction's
 * first candidate. A directive neither succeeded nor failed.
 */
export class HalfAppliedRejection extends ReferenceRuntime {
  protected override prune(op: PruneOp): Evicted | Rejected {
    const span = this.window.get(op.spanId);
    const outcome = super.prune(op);
    if (span !== undefined && outcome.kind === 'rejected') span.score = 0;
    return outcome;
  }
}

export const halfAppliedRejection = runtimeAdapter(
  'half-applied-rejection',
  'Breaks INV-15: a rejected prune still lowers the span\'s retention score to 0',
  (config) => new HalfAppliedRejection(config),
);
