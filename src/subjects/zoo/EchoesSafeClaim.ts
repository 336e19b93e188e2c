import type { PruneOp } from '../../model/Operation.ts';
import type { Evicted, Rejected } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-03. Gates every prune as the reference does, but answers the model's `claimSafe` by echoing it:
 * "upheld", whatever the backing-store check found. The model that believed "everything is logged" is never
 * told it was wrong, so it goes on pruning as if it were (seed 002: a pruner told "you may summarize freely"
 * behaves identically to one running with no log at all).
 */
export class EchoesSafeClaim extends ReferenceRuntime {
  protected override prune(op: PruneOp): Evicted | Rejected {
    const outcome = super.prune(op);
    return outcome.safeClaim === undefined ? outcome : { ...outcome, safeClaim: 'upheld' };
  }
}

export const echoesSafeClaim = runtimeAdapter(
  'echoes-safe-claim',
  "Breaks INV-03: the model's claimSafe is answered upheld whatever the runtime's own check found",
  (config) => new EchoesSafeClaim(config),
);
