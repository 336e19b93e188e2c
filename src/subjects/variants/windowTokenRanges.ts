import type { EvictionMode } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import type { Tombstone } from '../../model/Tombstone.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * C-6. A tombstone's token range is where the span sat in the window when it was evicted (the tokens of the
 * resident spans before it, then its current size), not its place in the episode's token stream.
 */
export class WindowTokenRanges extends ReferenceRuntime {
  protected override tombstoneFor(span: Span, mode: EvictionMode, handle: string | undefined): Tombstone {
    let start = 0;
    for (const resident of this.window.spans()) {
      if (resident.id === span.id) break;
      start += resident.tokens;
    }
    return { ...super.tombstoneFor(span, mode, handle), tokenRange: [start, start + span.tokens] };
  }
}

export const windowTokenRanges = runtimeAdapter(
  'window-token-ranges',
  'Legal variant (C-6): tombstone token ranges are offsets in the window at eviction',
  (config) => new WindowTokenRanges(config),
);
