import type { PolicyAgentState, PolicyRecord } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyCapabilities } from '../../adapters/policy/PolicyCapabilities.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { ModelCall } from '../../gen/policy/fakeModel.ts';
import type { ProviderName } from '../../adapters/policy/providerShape.ts';

/** What the harness saw around one prune: the list before and after, the library's record, the model calls. */
export interface PolicyObservation {
  /** 1-based round. */
  readonly round: number;
  readonly before: readonly PolicyMessage[];
  readonly after: readonly PolicyMessage[];
  readonly record: PolicyRecord;
  /** The library threw out of its prune hook with this message. */
  readonly threw?: string;
  /** The fake model's calls during this prune. */
  readonly calls: readonly ModelCall[];
  /** Every message that has carried an id in any list so far (before this prune's result), by id. */
  readonly seen: ReadonlyMap<string, PolicyMessage>;
  /** The messages the harness wrote (user statements, tool calls…), by id. */
  readonly written: ReadonlyMap<string, PolicyMessage>;
  /** The library's agent state outside the list after the prune, when it keeps one (INV-26). */
  readonly state?: PolicyAgentState;
  /**
   * After a prune that removed messages, prunecheck runs the pruner once more with nothing new: a result
   * that fits the pruner's own trigger changes nothing and calls no model (INV-22).
   */
  readonly settle?: PolicySettle;
  /** The providers the adapter declares (INV-33); absent: all of them. */
  readonly providers?: readonly ProviderName[];
  /** What the adapter declared its library does (prunes only between turns, …): the checks honour it. */
  readonly capabilities?: PolicyCapabilities;
}

/** The pruner's answer to a step with no new messages, right after a prune that removed some. */
export interface PolicySettle {
  readonly after: readonly PolicyMessage[];
  readonly calls: readonly ModelCall[];
  readonly threw?: string;
}
