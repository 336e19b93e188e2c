import type { CallToolOp } from '../../model/Operation.ts';
import type { ToolCallOutcome } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-09. Treats any earlier call of a signature as done, as prunecheck's reference did before SPEC 1.1: a
 * correct retry of a call that truly failed (a 429 whose retry-after has passed) is refused as a duplicate, so
 * the work is never done (seed 000's incident is exactly a call that came back with a retry-after).
 */
export class RetriesAreDuplicates extends ReferenceRuntime {
  protected override callTool(op: CallToolOp): ToolCallOutcome {
    const original = this.ledger.get(op.signature);
    if (original === undefined) return super.callTool(op);
    this.clock = op.at ?? this.clock;
    return { kind: 'duplicate', signature: op.signature, original };
  }
}

export const retriesAreDuplicates = runtimeAdapter(
  'retries-are-duplicates',
  'Breaks INV-09: any second call of a signature is answered duplicate, also a retry of a call that failed',
  (config) => new RetriesAreDuplicates(config),
);
