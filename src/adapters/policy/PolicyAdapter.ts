import type { InvariantId } from '../../model/invariants.ts';
import type { MaybePromise } from '../Adapter.ts';
import type { PolicyMessage } from './PolicyMessage.ts';
import type { ProviderName } from './providerShape.ts';
import type { PolicyCapabilities } from './PolicyCapabilities.ts';
import type { PolicyHeldItem } from './PolicyHeldItem.ts';
import type { PolicyOutcome } from './PolicyOutcome.ts';

/**
 * The chat model a policy-mode pruner summarizes with. prunecheck passes an adversarial fake (src/gen); the
 * adapter wraps it in the library's model interface. `complete` may throw: that is one of the behaviours.
 */
export interface FakeChatModel {
  complete(prompt: string): Promise<string>;
  /** The most characters a prompt may hold; a longer one is refused as a provider refuses it (INV-22). */
  readonly contextChars?: number;
}

/**
 * Knobs every adapter maps onto its library's trigger and keep options. Generated per run, in both units: an
 * adapter whose library counts messages reads the message budgets, one whose library counts tokens reads the
 * token budgets and hands them to the library as they are (docs/policy-mode.md "Budgets in tokens"). The
 * token budgets are optional in the type only so configs written before them (counterexample files, benches)
 * still read; the generator always sets them.
 */
export interface PolicyConfig {
  /** Prune once the list holds at least this many messages. */
  readonly triggerMessages: number;
  /** Keep about this many recent messages verbatim. */
  readonly keepMessages: number;
  /**
   * Prune once the list holds at least this many tokens, as the library counts them (its own tokenizer), or
   * as `proxyTokens` counts them (characters / 4) for a library without one. Generated from 96 to 1,536.
   */
  readonly triggerTokens?: number;
  /** Keep about this many tokens of recent messages verbatim. Generated from 16 to 512, at most a third of the trigger. */
  readonly keepTokens?: number;
}

/** What the library keeps outside the list about what it dropped. Empty arrays when it keeps nothing. */
export interface PolicyRecord {
  /** Messages the library still holds in full outside the list (append-only history, checkpoint). */
  readonly retained: readonly PolicyMessage[];
  /** Text the library offloaded (files), by path. */
  readonly offloaded: readonly { readonly path: string; readonly text: string }[];
  /** The library's own metadata about the prune, verbatim (JSON), for reports. */
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** One item of the agent's todo list, as a `write_todos` call wrote it. */
export interface PolicyTodo {
  readonly content: string;
  readonly status: 'pending' | 'in_progress' | 'completed';
}

/**
 * Agent state a library keeps outside the message list (a todo list, handles of sub-agents it started), as
 * the library holds it after the step. An adapter sets it only when its library keeps such state; INV-26
 * then requires a prune to leave it intact.
 */
export interface PolicyAgentState {
  readonly todos?: readonly PolicyTodo[];
  /** Handles of sub-agents started and not yet finished, as the `task` tool returned them. */
  readonly subagents?: readonly string[];
}

/** The result of one `step`: the list the model would see next, and the library's record. */
export interface PolicyStep {
  readonly view: readonly PolicyMessage[];
  readonly record: PolicyRecord;
  /** The library's agent state outside the list, when it keeps one (INV-26). */
  readonly state?: PolicyAgentState;
  /** Set when the library threw out of its prune hook; `view` is then whatever state it holds. */
  readonly threw?: string;
  /**
   * What the library's own state outside the list says the model holds (a read cache, file snapshots, a dedup
   * map), after the step. Set only when the library keeps such state; INV-36 is `unknown: not observable` otherwise.
   */
  readonly held?: readonly PolicyHeldItem[];
  /** What the library reports it did in this step, as it reports it (INV-38); `unknown: not observable` when never set. */
  readonly outcome?: PolicyOutcome;
}

/**
 * One fresh pruner for one conversation. `step` appends `incoming` to the conversation, runs the library's
 * pruner as it would run before the next model call, and answers the resulting list.
 */
export interface PolicySystem {
  step(incoming: readonly PolicyMessage[]): MaybePromise<PolicyStep>;
  /**
   * Required when the adapter declares `asynchronousPrune: true` (INV-37): hands the library messages that land
   * while a step may still be running (a user message typed during compaction, a tool or sub-agent result), the
   * way the agent loop would add them (`memory.put`, a queue). prunecheck calls it at moments fast-check's
   * scheduler picks: before, during or after the summarizer answers. They are not passed to `step` again.
   */
  arrive?(messages: readonly PolicyMessage[]): MaybePromise<void>;
}

/**
 * A policy-mode adapter: a library that decides for itself what to drop or summarize. The default export of
 * an adapter module passed as `--adapter ./file.ts` (spec/SPEC.md §4, INV-16 onward).
 */
export interface PolicyAdapter {
  readonly kind: 'policy';
  readonly name: string;
  /** The npm package version under test, read from its package.json. */
  readonly version: string;
  readonly description: string;
  /** The npm package (and export) under test. */
  readonly package: string;
  /** The invariants this pruner is held to; the others are reported "not claimed" with `notes`. */
  readonly invariants: readonly InvariantId[];
  /** Why an invariant is not claimed, or why a violation is a deliberate design choice of the library. */
  readonly notes?: Readonly<Partial<Record<InvariantId, string>>>;
  /**
   * The providers whose request-shape rules the pruned list must satisfy (INV-33). Absent: all of them, as a
   * library that does not say which provider it serves serves any.
   */
  readonly providers?: readonly ProviderName[];
  /** What the library does that changes which checks apply (prunes only between turns, …); absent: none. */
  readonly capabilities?: PolicyCapabilities;
  create(model: FakeChatModel, config: PolicyConfig): MaybePromise<PolicySystem>;
  /**
   * Whether the library's prune can be running while new messages reach it (INV-37). `true`: it awaits (a
   * summarizer call) on state the agent may still add to; the system must implement `arrive`. `false`: nothing
   * can reach its state mid-prune (a pure function of the list it is given, or a framework that serialises
   * updates), so prunecheck passes arrivals with the next step. Undeclared: INV-37 is `unknown: not observable`.
   */
  readonly asynchronousPrune?: boolean;
}
