import type { Adapter } from '../../src/adapters/Adapter.ts';
import type { Operation } from '../../src/model/Operation.ts';
import type { Outcome, RequestRecord } from '../../src/model/Outcome.ts';
import { ReferenceRuntime, type SpanObservation } from '../../src/model/ReferenceRuntime.ts';
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

/**
 * The reference runtime, but for what it shows: `show` sees each observation the engine asks for (and the runtime
 * at that moment) and answers the one the system reports; `record`, when given, does the same for the request
 * ledger. What it applies and answers is the reference's.
 */
export function showsObservations(name: string, show: (seen: SpanObservation, rt: ReferenceRuntime) => SpanObservation, record?: (signature: string, held: RequestRecord | undefined) => RequestRecord | undefined): Adapter {
  return {
    ...testRuntime(name, (config) => new ReferenceRuntime(config)),
    create(config) {
      const rt = new ReferenceRuntime(config);
      return {
        apply: (op: Operation) => rt.apply(op),
        observe: (ids: readonly string[]) => ids.map((id) => show(rt.observe(id), rt)),
        request: (signature: string) => (record === undefined ? rt.ledger.get(signature) : record(signature, rt.ledger.get(signature))),
      };
    },
  };
}
