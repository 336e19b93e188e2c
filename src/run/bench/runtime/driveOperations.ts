import type { PruningSystem } from '../../../adapters/Adapter.ts';
import { plannedStep } from '../../../adapters/protocol/stepParams.ts';
import type { Operation } from '../../../model/Operation.ts';
import type { Outcome } from '../../../model/Outcome.ts';

/** What one operation answered: its outcome, or what it threw. */
export type Answer = { readonly outcome: Outcome } | { readonly thrown: string };

/** How long a planned batch may take before the system falls back to single steps. */
const PLAN_TIMEOUT_MS = 600_000;

/**
 * Applies operations in order. A system that can run a fixed trace ahead (a protocol 1.1 child: `plan` then
 * `step`) gets them as one `batch` round trip, each step observing the ids its operation names as protocol 1.1's
 * batch does; any other is driven with `apply`, one call per operation.
 */
export async function driveOperations(system: PruningSystem, ops: readonly Operation[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  if (system.plan !== undefined && system.step !== undefined && ops.length >= 2) {
    await system.plan(ops, PLAN_TIMEOUT_MS);
    for (const op of ops) {
      // The step the batch ran (it observes the ids the operation names, before and after): asked otherwise, the
      // system would take the batch as abandoned and start the episode over.
      const planned = plannedStep(op);
      const answer = await system.step(planned?.before ?? [], op, planned?.after ?? []);
      answers.push('outcome' in answer ? { outcome: answer.outcome } : { thrown: describe(answer.thrown) });
    }
    return answers;
  }
  for (const op of ops) {
    try {
      answers.push({ outcome: await system.apply(op) });
    } catch (error: unknown) {
      answers.push({ thrown: describe(error) });
    }
  }
  return answers;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
