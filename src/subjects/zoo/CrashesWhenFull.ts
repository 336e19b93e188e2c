import type { WindowFull } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { ContextOverflowError } from '../../adapters/ContextOverflowError.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-13. Throws a context-overflow exception where the reference answers `window-full` (an append,
 * edit, summary or restore that does not fit): the conservative pruner of seed 002 "failing with context
 * overflow". Nothing is changed before the throw.
 */
export class CrashesWhenFull extends ReferenceRuntime {
  override full(spanId: string, needed: number): WindowFull {
    throw new ContextOverflowError(spanId, needed, this.window.used, this.window.capacity);
  }
}

export const crashesWhenFull = runtimeAdapter(
  'crashes-when-full',
  'Breaks INV-13: throws a context-overflow error instead of answering window-full',
  (config) => new CrashesWhenFull(config),
);
