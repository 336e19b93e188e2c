import type { RejectionReason } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-12. Answers a refused directive `rejected` to the caller and logs it, but writes no rejection
 * notice into the in-window index, so the model never sees that its prune was refused (seed 002: rejection must
 * be "a first-class rejected operation that surfaces back into the window").
 */
export class RejectionsNotSurfaced extends ReferenceRuntime {
  protected override surfaceRejection(_spanId: string, _reason: RejectionReason): void {
    // Deliberately silent: the deviation this runtime exists to show.
  }
}

export const rejectionsNotSurfaced = runtimeAdapter(
  'rejections-not-surfaced',
  'Breaks INV-12: a rejected directive leaves no rejection notice in the window',
  (config) => new RejectionsNotSurfaced(config),
);
