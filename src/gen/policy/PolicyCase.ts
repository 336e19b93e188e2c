import fc from 'fast-check';
import type { PolicyConfig } from '../../adapters/policy/PolicyAdapter.ts';
import { FAKE_BEHAVIOURS, FAKE_WINDOW_CHARS, type FakeBehaviour } from './fakeModel.ts';
import { tokenBudgetsArbitrary } from './tokenBudgets.ts';
import { READ_ONLY_TOOLS, SIDE_EFFECT_TOOLS, type ToolName } from '../../adapters/policy/toolNames.ts';


/** One generated tool call: which tool, whether it fails with a structured error, whether it is retried. */
export interface CallSpec {
  readonly tool: ToolName;
  readonly fails: boolean;
  /** After a failure, the agent retries with the same request id (the deduplication case, INV-09). */
  readonly retried: boolean;
}

/**
 * One generated turn of the conversation. Content and ids are derived from the turn's position.
 * - `tool-calls`: one assistant message with the calls, then their results. `reasoning`: the message carries a
 *   signed thinking item (INV-21). `late`: when the turn ends its round, the results arrive only at the start
 *   of the next round, so the round's prune sees the calls in flight (INV-20); at the end of the last round
 *   they never arrive. Under the case's `approvals` policy its calls carry approval requests and their results
 *   the user's decisions (INV-33).
 * - `instruction`: the user asks for one action on a numbered order (`INSTRUCTION I-n`); `done`: the agent
 *   performs it at once with `tool`, else it stays pending (INV-24).
 * - `poisoned-read`: a `read_log` whose output is text that reads like an instruction (INV-23).
 * - `agent-state`: the agent updates its todo list (`write_todos`) or starts a sub-agent (`task`) (INV-26).
 * - `large-read`: a `read_log` whose output is longer than the fake summarizer's window (INV-22).
 * - `retraction`: the user asks for an action and takes it back (`cancelled`, or `superseded` by another), or
 *   the assistant proposes a plan the user never approves (`unapproved`) or approves (`approved`) (INV-30).
 * - `user-statement`: the user adds a fact; `chars`, when set, its length (empty to past the summarizer's window).
 * - `standing`: project instructions attached as a message of their own, system-role or a user-role reminder (INV-32).
 * - `attachment`: the user pastes a screenshot or attaches a file, with text that refers to it (INV-34).
 * - `sensitive-read`: the agent reads an environment whose output, marked sensitive, holds credentials (INV-35).
 * - `file-read`: the agent reads one of a few files (`READ_FILES[file]`), and with `again` reads it once more; a
 *   file read before is answered "unchanged", as a read cache answers (INV-36).
 * - `arrival`: a user message, the result of a call the round made, or a sub-agent's report lands while the
 *   round's prune may be running (INV-37); `PolicyCase.interleaving` seeds the scheduler that decides when.
 */
export type TurnSpec =
  | { readonly kind: 'user-statement'; readonly chars?: number }
  | { readonly kind: 'reframe' }
  | { readonly kind: 'assistant-text' }
  | { readonly kind: 'tool-calls'; readonly calls: readonly CallSpec[]; readonly reasoning?: boolean; readonly late?: boolean }
  | { readonly kind: 'instruction'; readonly tool: ToolName; readonly done: boolean }
  | { readonly kind: 'poisoned-read' }
  | { readonly kind: 'agent-state'; readonly what: 'todos' | 'subagent' }
  | { readonly kind: 'large-read' }
  | { readonly kind: 'retraction'; readonly how: RetractionTurn; readonly tool: ToolName }
  | { readonly kind: 'standing'; readonly via: 'system' | 'user' }
  | { readonly kind: 'attachment'; readonly what: 'image' | 'file' }
  | { readonly kind: 'sensitive-read' }
  | { readonly kind: 'file-read'; readonly file: number; readonly again?: boolean }
  | { readonly kind: 'arrival'; readonly what: ArrivalKind };

/** What lands during a prune (INV-37). */
export type ArrivalKind = 'user' | 'tool-result' | 'subagent';

/** How a `retraction` turn ends: the action taken back, replaced, left unapproved, or (the contrast) approved. */
export type RetractionTurn = 'cancelled' | 'superseded' | 'unapproved' | 'approved';

/**
 * One generated run: the conversation (a system message, the task, turns), how it is fed to the pruner (in
 * `rounds`, a prune after each), the fake model's script and the pruner's config. Shrinks towards fewer
 * turns, fewer rounds, a faithful model and small thresholds.
 */
export interface PolicyCase {
  readonly system: boolean;
  readonly turns: readonly TurnSpec[];
  readonly rounds: number;
  readonly script: readonly FakeBehaviour[];
  readonly config: PolicyConfig;
  /**
   * Seed of fast-check's scheduler for the rounds with arrivals (INV-37): it orders the summarizer's answers and
   * the arrivals. Absent in cases written before SPEC 1.2's INV-37 (read as 0).
   */
  readonly interleaving?: number;
  /**
   * Which side-effecting tools wait for the user's approval before they run, and which of those calls the user
   * denies (INV-33). Absent in cases written before it (no approvals), and in most generated cases.
   */
  readonly approvals?: ApprovalPolicy;
}

/**
 * The agent's approval policy, as the AI SDK's per-tool `needsApproval` sets it: every call of a tool in `tools`
 * in a `tool-calls` turn carries an approval request, and its result carries the user's decision (a retry of an
 * approved call is asked again). Bit `k mod 31` of `denied` denies the k-th call of the conversation: it does not
 * run, and its result is the denial.
 */
export interface ApprovalPolicy {
  readonly tools: readonly ToolName[];
  readonly denied: number;
}

/** Swarm-weighted: two cases in three ask no approval at all; the rest ask it for one to three tools. */
export const approvalPolicyArbitrary: fc.Arbitrary<ApprovalPolicy | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 2 },
  { arbitrary: fc.record({ tools: fc.subarray([...SIDE_EFFECT_TOOLS], { minLength: 1 }), denied: fc.nat({ max: 0x7fffffff }) }), weight: 1 },
);

/** The most parallel calls one generated turn makes. */
export const MAX_PARALLEL_CALLS = 8;

const callSpec: fc.Arbitrary<CallSpec> = fc.record({
  tool: fc.constantFrom<ToolName>(...SIDE_EFFECT_TOOLS, ...READ_ONLY_TOOLS),
  fails: fc.boolean(),
  retried: fc.boolean(),
});

const toolCallsTurn: fc.Arbitrary<TurnSpec> = fc
  .record({
    // 1 to 8 parallel calls (issue 22): a pruner written for two at most is caught; shrinks toward one.
    calls: fc.array(callSpec, { minLength: 1, maxLength: MAX_PARALLEL_CALLS, size: 'max' }),
    // Shrinks towards plain calls: no reasoning item, results on time.
    reasoning: fc.oneof({ arbitrary: fc.constant(false), weight: 2 }, { arbitrary: fc.constant(true), weight: 1 }),
    late: fc.oneof({ arbitrary: fc.constant(false), weight: 1 }, { arbitrary: fc.constant(true), weight: 1 }),
  })
  .map(({ calls, reasoning, late }) => ({ kind: 'tool-calls' as const, calls, ...(reasoning ? { reasoning } : {}), ...(late ? { late } : {}) }));

/**
 * A user statement's length when it is not the plain sentence (issue 22): empty, a few characters, a paragraph, a
 * pasted document, or longer than the summarizer's window (`FAKE_WINDOW_CHARS`); shrinks toward empty.
 */
const userStatementChars: fc.Arbitrary<number> = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 400 }),
  fc.integer({ min: 2_000, max: 6_000 }),
  fc.integer({ min: FAKE_WINDOW_CHARS + 1, max: FAKE_WINDOW_CHARS + 4_000 }),
);

export const turnSpec: fc.Arbitrary<TurnSpec> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'assistant-text' as const }), weight: 2 },
  { arbitrary: toolCallsTurn, weight: 4 },
  { arbitrary: fc.constant({ kind: 'user-statement' as const }), weight: 2 },
  { arbitrary: userStatementChars.map((chars) => ({ kind: 'user-statement' as const, chars })), weight: 1 },
  { arbitrary: fc.constant({ kind: 'reframe' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('instruction' as const), tool: fc.constantFrom<ToolName>(...SIDE_EFFECT_TOOLS, ...READ_ONLY_TOOLS), done: fc.boolean() }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'poisoned-read' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('agent-state' as const), what: fc.constantFrom('todos' as const, 'subagent' as const) }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'large-read' as const }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('retraction' as const), how: fc.constantFrom<RetractionTurn>('cancelled', 'superseded', 'unapproved', 'approved'), tool: fc.constantFrom<ToolName>(...SIDE_EFFECT_TOOLS) }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('standing' as const), via: fc.constantFrom('system' as const, 'user' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('attachment' as const), what: fc.constantFrom('image' as const, 'file' as const) }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'sensitive-read' as const }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('file-read' as const), file: fc.integer({ min: 0, max: 2 }), again: fc.boolean() }).map(({ again, ...t }) => (again ? { ...t, again } : t)),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('arrival' as const), what: fc.constantFrom<ArrivalKind>('user', 'tool-result', 'subagent') }), weight: 2 },
);

export interface PolicyCaseOptions {
  /** Most turns after the task. Default 12. */
  readonly maxTurns?: number;
}

export function policyCaseArbitrary(options: PolicyCaseOptions = {}): fc.Arbitrary<PolicyCase> {
  return fc.record({
    system: fc.constantFrom(false, true),
    turns: fc.array(turnSpec, { minLength: 1, maxLength: options.maxTurns ?? 12 }),
    rounds: fc.integer({ min: 1, max: 3 }),
    script: fc.array(fc.constantFrom<FakeBehaviour>(...FAKE_BEHAVIOURS), { minLength: 1, maxLength: 4 }),
    config: policyConfigArbitrary,
    interleaving: fc.nat(),
    // Drawn last, so every other field of a seed's cases stays as it was before approvals existed.
    approvals: approvalPolicyArbitrary,
  }).map(({ approvals, ...c }) => (approvals === undefined ? c : { ...c, approvals }));
}

/**
 * Pruner configs. `triggerMessages` is at least `keepMessages + 2` (spec/SPEC.md D-17): a config in which the
 * kept tail plus one summary already meets the trigger makes every summarizing pruner compact again on every
 * call by construction, which says nothing about the pruner.
 */
export const policyConfigArbitrary: fc.Arbitrary<PolicyConfig> = fc
  .integer({ min: 1, max: 4 })
  .chain((keepMessages) => fc.integer({ min: keepMessages + 2, max: 8 }).map((triggerMessages) => ({ triggerMessages, keepMessages })))
  // Drawn after the message budgets, so a seed's message budgets (and every other field) stay as they were.
  .chain((messages) => tokenBudgetsArbitrary.map((tokens) => ({ ...messages, ...tokens })));
