import type { CompactOp } from '../../model/Operation.ts';
import type { Compacted, EvictionMode } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-07. The retention policy has no floor for raw observations: a raw span scoring below the threshold
 * is evicted even when nothing backs it, as a lossy commitment nobody asked for ("the decay function will
 * eventually evict the floor itself", seed 001). Everything else `compact` refuses stays refused; model prunes
 * are gated as in the reference.
 */
export class NoRawFloor extends ReferenceRuntime {
  protected override compact(op: CompactOp): Compacted {
    const outcome = super.compact(op);
    const evicted: { spanId: string; mode: EvictionMode }[] = [...outcome.evicted];
    const refused: string[] = [];
    for (const id of outcome.refused) {
      const span = this.window.get(id);
      const decision = span?.kind === 'raw' ? this.gate(span, true) : undefined;
      if (span === undefined || decision?.kind !== 'evict') {
        refused.push(id);
        continue;
      }
      this.evict(span, decision.mode, decision.check);
      evicted.push({ spanId: id, mode: decision.mode });
    }
    return { kind: 'compacted', evicted, refused };
  }
}

export const noRawFloor = runtimeAdapter(
  'no-raw-floor',
  'Breaks INV-07: compact evicts raw observations below the threshold even with no resolvable pointer',
  (config) => new NoRawFloor(config),
);
