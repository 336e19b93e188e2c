import type { Adapter } from '../../src/adapters/Adapter.ts';
import type { Operation } from '../../src/model/Operation.ts';
import type { Outcome } from '../../src/model/Outcome.ts';
import { ReferenceRuntime } from '../../src/model/ReferenceRuntime.ts';
import { testRuntime } from './drive.ts';

/**
 * The reference runtime, but for what it answers: `rewrite` sees each operation, the reference's outcome and the
 * runtime after the step, and answers the outcome the system reports. The state is the reference's, so a finding
 * is about the answer alone (or, for a gate decision, the choice the answer reports).
 */
export function rewritesAnswers(name: string, rewrite: (op: Operation, outcome: Outcome, rt: ReferenceRuntime) => Outcome): Adapter {
  return testRuntime(
    name,
    (config) =>
      new (class extends ReferenceRuntime {
        override apply(op: Operation): Outcome {
          return rewrite(op, super.apply(op), this);
        }
      })(config),
  );
}

/** Reports every prune of `spanId` that evicts it as evicted in `mode` instead (the tombstone says so too). */
export function evictsAs(spanId: string, mode: 'derivable' | 'reversible' | 'lossy'): Adapter {
  return rewritesAnswers(`evicts-${spanId}-as-${mode}`, (op, o) => (op.kind === 'prune' && op.spanId === spanId && o.kind === 'evicted' ? { ...o, mode, tombstone: { ...o.tombstone, mode } } : o));
}
