import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';
import { ChoosingRuntime } from './ChoosingRuntime.ts';

/**
 * C-2. Among candidates of equal score, compaction goes newest first (the reference goes oldest first), so a
 * derived span leaves as derivable before its equally scored source, where the reference evicts the source
 * first and then keeps the derived span (or evicts it reversibly).
 */
export const compactsNewestFirst = runtimeAdapter(
  'compacts-newest-first',
  'Legal variant (C-2): compaction breaks ties among equal scores newest first',
  (config) => new ChoosingRuntime(config, { compactionOrder: (candidates) => [...candidates].sort((a, b) => a.score - b.score || b.appendedAt - a.appendedAt) }),
);
