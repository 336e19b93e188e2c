import type { ModelCall } from '../../gen/policy/fakeModel.ts';
import type { PolicyObservation } from './PolicyObservation.ts';

/** One case run against one adapter: an observation per round, or the adapter error that stopped it. */
export interface PolicyCaseRun {
  readonly observations: readonly PolicyObservation[];
  readonly calls: readonly ModelCall[];
  /** The adapter itself threw (not the library's prune hook, which the adapter reports as `threw`). */
  readonly adapterError?: { readonly round: number; readonly message: string };
  /**
   * A `create` or `step` did not answer within the per-step timeout: the run ended there, neither a pass nor a
   * violation of anything (`unknown (timeout)`); the rounds before it were observed and are judged as usual.
   */
  readonly timedOut?: { readonly round: number; readonly what: string; readonly ms: number };
  /** How long each `step` of the run took, in ms, in order (settle steps included): what a step budget is measured from. */
  readonly stepMs?: readonly number[];
}
