import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Tombstone } from '../../model/Tombstone.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-01. Treats the in-window lossy marker ("pruned, unrecoverable, contents unknown", seed 002) as the
 * tombstone of a lossy eviction, so lossy evictions write nothing to the external tombstone store. Reversible
 * and derivable evictions are tombstoned as the reference does.
 */
export class TombstoneInWindowOnly extends ReferenceRuntime {
  protected override writeTombstone(tombstone: Tombstone): void {
    if (tombstone.mode !== 'lossy') super.writeTombstone(tombstone);
  }
}

export const tombstoneInWindowOnly = runtimeAdapter(
  'tombstone-in-window-only',
  'Breaks INV-01: a lossy eviction leaves only its in-window marker, no external tombstone',
  (config) => new TombstoneInWindowOnly(config),
);
