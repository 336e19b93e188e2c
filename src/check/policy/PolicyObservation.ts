import type { PolicyAgentState, PolicyRecord } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyCapabilities } from '../../adapters/policy/PolicyCapabilities.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { PolicyHeldItem } from '../../adapters/policy/PolicyHeldItem.ts';
import type { PolicyOutcome } from '../../adapters/policy/PolicyOutcome.ts';
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
  /** What the library's state outside the list says the model holds after the prune (INV-36), when it reports it. */
  readonly held?: readonly PolicyHeldItem[];
  /** What the library reported it did in this step (INV-38), when it reports it. */
  readonly outcome?: PolicyOutcome;
  /**
   * Messages that arrived while this step ran, handed to an asynchronous pruner's `arrive` at the moments the
   * scheduler picked (INV-37): this step's list or record must hold each.
   */
  readonly arrived?: readonly PolicyMessage[];
  /** The order in which the scheduler released this step's summarizer answers and arrivals. */
  readonly interleaving?: readonly string[];
  /** Arrivals that landed during the previous step of a synchronous pruner, handed over with this one. */
  readonly deferred?: readonly PolicyMessage[];
}

/** The pruner's answer to a step with no new messages, right after a prune that removed some. */
export interface PolicySettle {
  readonly after: readonly PolicyMessage[];
  readonly calls: readonly ModelCall[];
  readonly threw?: string;
}
