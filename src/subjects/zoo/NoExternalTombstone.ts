import type { CompactOp } from '../../model/Operation.ts';
import type { Compacted } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Tombstone } from '../../model/Tombstone.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-01. The runtime's own retention policy was written apart from the model's prune path: a span that
 * `compact` evicts gets its in-window marker but no record in the external tombstone store. Model prunes are
 * tombstoned as the reference does.
 */
export class NoExternalTombstone extends ReferenceRuntime {
  private compacting = false;

  protected override compact(op: CompactOp): Compacted {
    this.compacting = true;
    try {
      return super.compact(op);
    } finally {
      this.compacting = false;
    }
  }

  protected override writeTombstone(tombstone: Tombstone): void {
    if (!this.compacting) super.writeTombstone(tombstone);
  }
}

export const noExternalTombstone = runtimeAdapter(
  'no-external-tombstone',
  'Breaks INV-01: spans evicted by the retention policy (compact) get an in-window marker but no external tombstone',
  (config) => new NoExternalTombstone(config),
);
