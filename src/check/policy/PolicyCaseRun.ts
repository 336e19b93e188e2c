import type { ModelCall } from '../../gen/policy/fakeModel.ts';
import type { PolicyObservation } from './PolicyObservation.ts';

/** One case run against one adapter: an observation per round, or the adapter error that stopped it. */
export interface PolicyCaseRun {
  readonly observations: readonly PolicyObservation[];
  readonly calls: readonly ModelCall[];
  /** The adapter itself threw (not the library's prune hook, which the adapter reports as `threw`). */
  readonly adapterError?: { readonly round: number; readonly message: string };
}
