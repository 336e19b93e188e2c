import type { PruningSystem } from '../../adapters/Adapter.ts';
import type { Operation } from '../../model/Operation.ts';
import { TimeLimitError, withTimeout } from '../../util/withTimeout.ts';
import { createTimeoutMs } from './checkAdapter.ts';

/**
 * Tells a system the fixed trace it is about to be stepped through (`PruningSystem.plan`: a child over protocol
 * 1.1 runs it in one `batch`), under the watchdog. A plan is only a hint: one that throws or hangs is dropped and
 * the steps show what the system does; only the check's own time limit is passed on.
 */
export async function planTrace(system: PruningSystem, trace: readonly Operation[], opTimeoutMs: number, deadline?: number): Promise<void> {
  if (system.plan === undefined) return;
  try {
    // A failed batch may restart the child: allow its start-up on top of the batch itself.
    await withTimeout(() => system.plan?.(trace, opTimeoutMs), createTimeoutMs(opTimeoutMs) + opTimeoutMs, 'plan', deadline);
  } catch (error: unknown) {
    if (error instanceof TimeLimitError) throw error;
  }
}
