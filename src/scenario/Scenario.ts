import type { InvariantId } from '../model/invariants.ts';
import type { CallStatus } from '../model/Operation.ts';
import type { RawKind } from '../model/Span.ts';

export const SCENARIO_FORMAT = 'prunecheck-scenario/1';

/**
 * A replayable incident episode, loaded from `scenarios/<name>.json` (data, never code). The runner turns the
 * timeline and the simulated model into operations on a runtime, turn by turn, and judges the outcome against
 * `expect`. Every random choice of the simulated model flows from `seed` (seedrandom).
 */
export interface Scenario {
  readonly format: typeof SCENARIO_FORMAT;
  /** File stem and CLI name: lowercase letters, digits and dashes. */
  readonly name: string;
  readonly title: string;
  /** The seed record it reproduces, a file name in `../shared/seeds/` (e.g. `000_36edec7d51f0595b.txt`). */
  readonly record: string;
  /** The observed steps of that record it reproduces, in the record's words. */
  readonly reproduces: readonly string[];
  /** What a timeline position is called in the record ("turn" or "step"). */
  readonly unit: 'turn' | 'step';
  /** seedrandom seed of the simulated model. */
  readonly seed: number;
  /** World time per timeline position: a call at turn `t` happens at `t × secondsPerTurn` s on the episode clock (default 10). */
  readonly secondsPerTurn?: number;
  readonly window: WindowSpec;
  readonly model: ModelSpec;
  /** Events in non-decreasing turn order. */
  readonly timeline: readonly TimelineEvent[];
  /** Per runtime name (`reference`, `naive`, `conservative`): what must happen. Unnamed runtimes get `reference`'s. */
  readonly expect: Readonly<Record<string, readonly Expectation[]>>;
}

export interface WindowSpec {
  /** Hard capacity in tokens. */
  readonly capacity: number;
  /** Occupancy fraction at which a pruning pass runs (0.85 in seed 000). */
  readonly trigger: number;
  /** Occupancy fraction a pass tries to get down to. */
  readonly target: number;
  readonly storeDistinguishesAbsent?: boolean;
}

/**
 * The simulated model's behaviour.
 * - `pass`: what happens when occupancy reaches the trigger: `summarize-span` (the model summarizes the run of
 *   `spanTurns` raw spans starting at the least relevant one and prunes the run) or `compact` (the runtime's
 *   own retention policy at `compactThreshold`).
 * - relevance scorer: each span's score is its declared relevance plus seeded noise of amplitude `jitter`;
 *   the model scores its own summaries `summaryRelevance` (relevance drifting toward its own summaries).
 * - gist summarizer: keeps each source's gist and drops exact identifiers; `fabricate` makes it add a causal
 *   claim to any summary whose sources include `about`.
 */
export interface ModelSpec {
  readonly pass: 'summarize-span' | 'compact';
  readonly spanTurns?: number;
  readonly compactThreshold?: number;
  readonly summaryTokens: number;
  readonly summaryRelevance: number;
  /** Spans appended in the last `keepRecent` turns are never chosen for pruning. */
  readonly keepRecent: number;
  readonly jitter: number;
  readonly fabricate?: readonly Fabrication[];
}

export interface Fabrication {
  readonly about: string;
  readonly claim: string;
}

/** A failure a probe can observe. */
export type FailureKind =
  | 'duplicate-side-effect'
  | 'never-existed'
  | 'hallucinated-constraint'
  | 'wrong-fix'
  | 'fabricated-claim-accepted'
  | 'context-overflow'
  | 'ignored-retry-after'
  | 'retry-refused'
  | 'self-reinforcing-summary'
  | 'absence-asserted';

export const FAILURE_KINDS: readonly FailureKind[] = [
  'duplicate-side-effect',
  'never-existed',
  'hallucinated-constraint',
  'wrong-fix',
  'fabricated-claim-accepted',
  'context-overflow',
  'ignored-retry-after',
  'retry-refused',
  'self-reinforcing-summary',
  'absence-asserted',
];

/** What a `retry` probe watches for. */
export type RetryFailure = Extract<FailureKind, 'duplicate-side-effect' | 'ignored-retry-after' | 'retry-refused'>;

export const RETRY_FAILURES: readonly RetryFailure[] = ['duplicate-side-effect', 'ignored-retry-after', 'retry-refused'];

export type TimelineEvent =
  | FillerEvent
  | ObserveEvent
  | DeriveEvent
  | CallEvent
  | RetryEvent
  | SummarizeEvent
  | PruneEvent
  | RotateEvent
  | ReframeEvent
  | NeedEvent
  | AssertEvent
  | FixEvent
  | RankEvent;

export type EventKind = TimelineEvent['kind'];

/** Routine tool-loop turns `turn..to`, one raw span `t<turn>` each (turns with an `observe` are skipped). */
export interface FillerEvent {
  readonly kind: 'filler';
  readonly turn: number;
  readonly to: number;
  readonly tokens: number;
  /** Relevance drawn uniformly from [lo, hi]. */
  readonly relevance: readonly [number, number];
  /** Whether the tool-call log keeps a copy. */
  readonly persist: boolean;
}

/** A world observation: a tool result, a structured error, a user statement. */
export interface ObserveEvent {
  readonly kind: 'observe';
  readonly turn: number;
  readonly id: string;
  readonly rawKind: RawKind;
  readonly content: string;
  readonly tokens: number;
  readonly relevance: number;
  readonly persist: boolean;
  /** What the gist summarizer keeps of it; default: the content with identifiers stripped. */
  readonly gist?: string;
}

/**
 * A span the model derives from earlier spans under the current frame (seed 001's "derivable" content: a count
 * from a list, a constraint the fix implies): a `derived` span declaring `sources`. A re-frame ends its
 * derivation; if it was derivable before and nothing backs it, the re-frame floors it (INV-08).
 */
export interface DeriveEvent {
  readonly kind: 'derive';
  readonly turn: number;
  readonly id: string;
  readonly sources: readonly string[];
  readonly content: string;
  readonly tokens: number;
  readonly relevance: number;
  /** What the gist summarizer keeps of it; default: the content with identifiers stripped. */
  readonly gist?: string;
}

/**
 * A side-effecting tool call made for the first time. `status` is what the world answers if it goes out
 * (`accepted` by default; `failed`: no effect; `unknown`: a timeout, it may have taken effect), with the
 * upstream's `retryAfter` in seconds; `idempotencyKey` is the key the call carries, if any.
 */
export interface CallEvent {
  readonly kind: 'call';
  readonly turn: number;
  readonly signature: string;
  readonly requestId: string;
  readonly retryAfter?: number;
  readonly status?: CallStatus;
  readonly idempotencyKey?: string;
}

/**
 * Probe: the agent re-issues a call (with what the world would answer, as for `call`). `failure` says what the
 * probe watches for: `duplicate-side-effect` (default: going out again is the failure), `ignored-retry-after`
 * (going out before the upstream's retry-after passed is the failure) or `retry-refused` (a correct retry of a
 * call that truly failed: being refused is the failure).
 */
export interface RetryEvent {
  readonly kind: 'retry';
  readonly turn: number;
  readonly signature: string;
  readonly requestId: string;
  readonly failure?: RetryFailure;
  readonly retryAfter?: number;
  readonly status?: CallStatus;
  readonly idempotencyKey?: string;
}

/**
 * Probe (seed 000, turn 120): the next pass ranks the resident summary stating `claim` against `evidence`, the
 * raw span it misdescribes. The summary outranking its evidence is the self-reinforcing summary.
 */
export interface RankEvent {
  readonly kind: 'rank';
  readonly turn: number;
  readonly claim: string;
  readonly evidence: string;
}

/** The model summarizes named spans (then, with `prune`, prunes them: seed 002's `prune(id, replace_with=digest)`). */
export interface SummarizeEvent {
  readonly kind: 'summarize';
  readonly turn: number;
  readonly id: string;
  readonly sources: readonly string[];
  readonly tokens: number;
  readonly prune: boolean;
}

export interface PruneEvent {
  readonly kind: 'prune';
  readonly turn: number;
  readonly id: string;
  readonly acceptLossy?: boolean;
}

/** The backing store rotates copies out (all, or of `ids`), invisibly to the model. */
export interface RotateEvent {
  readonly kind: 'rotate';
  readonly turn: number;
  readonly ids?: readonly string[];
}

export interface ReframeEvent {
  readonly kind: 'reframe';
  readonly turn: number;
  readonly frame: string;
}

/**
 * Probe: the agent needs an exact identifier (`pattern`, a regular expression) from span `id`. An `absent`
 * answer is read as "never existed"; with `candidates`, the agent instead reconstructs a plausible value.
 */
export interface NeedEvent {
  readonly kind: 'need';
  readonly turn: number;
  readonly id: string;
  readonly pattern: string;
  readonly failure: 'never-existed' | 'hallucinated-constraint';
  readonly candidates?: readonly string[];
}

/** Probe: the agent asserts `claim`, resting on the resident spans that state it. */
export interface AssertEvent {
  readonly kind: 'assert';
  readonly turn: number;
  readonly claim: string;
  /**
   * A negative claim ("no deploy was rolled back"): the agent asserts an absence because nothing in its window
   * shows it, judged over every raw observation of `rawKinds` (all kinds when omitted). `substantiated` is the
   * `absence-asserted` failure (INV-28).
   */
  readonly negative?: boolean;
  readonly rawKinds?: readonly RawKind[];
}

/** Probe: the agent acts on the value its `need` of span `need` produced; `{value}` in `signature` is replaced. */
export interface FixEvent {
  readonly kind: 'fix';
  readonly turn: number;
  readonly need: string;
  readonly signature: string;
}

/** One thing that must happen on a runtime: a failure that `occurs`, or one `prevented` by `mechanism`. */
export interface Expectation {
  readonly failure: FailureKind;
  readonly turn: number;
  readonly outcome: 'occurs' | 'prevented';
  readonly mechanism?: InvariantId;
}
