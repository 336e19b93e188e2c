import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';
import { ChoosingRuntime } from './ChoosingRuntime.ts';

/**
 * C-3. A directive several refusals apply to answers the last the reference would check: a summary that would
 * not fit answers window-full before looking at its sources, and otherwise names the last offending source; a
 * restore of a lost span that would not fit answers window-full.
 */
export const refusesCapacityFirst = runtimeAdapter(
  'refuses-capacity-first',
  'Legal variant (C-3): when several refusals apply, checks capacity first, then the last offending source',
  (config) => new ChoosingRuntime(config, { refusal: (options) => options.at(-1) ?? (options[0] as never) }),
);
