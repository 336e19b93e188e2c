import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';
import { ChoosingRuntime } from './ChoosingRuntime.ts';

/**
 * C-2. Compaction walks the window in order, ignoring scores among the candidates (a single pass over an
 * array, as many runtimes do): which candidates leave then follows window order, not score order.
 */
export const compactsInWindowOrder = runtimeAdapter(
  'compacts-in-window-order',
  'Legal variant (C-2): compaction considers its candidates in window order, whatever their scores',
  (config) => new ChoosingRuntime(config, { compactionOrder: (candidates) => [...candidates] }),
);
