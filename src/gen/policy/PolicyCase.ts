import fc from 'fast-check';
import type { PolicyConfig } from '../../adapters/policy/PolicyAdapter.ts';
import { FAKE_BEHAVIOURS, type FakeBehaviour } from './fakeModel.ts';

/** Tools the generated agent calls. The first three have side effects and carry a `request_id`. */
export const SIDE_EFFECT_TOOLS = ['issue_refund', 'send_email', 'charge_card'] as const;
export const READ_ONLY_TOOLS = ['read_log'] as const;
export type ToolName = (typeof SIDE_EFFECT_TOOLS)[number] | (typeof READ_ONLY_TOOLS)[number];

/** One generated tool call: which tool, whether it fails with a structured error, whether it is retried. */
export interface CallSpec {
  readonly tool: ToolName;
  readonly fails: boolean;
  /** After a failure, the agent retries with the same request id (the deduplication case, INV-09). */
  readonly retried: boolean;
}

/** One generated turn of the conversation. Content and ids are derived from the turn's position. */
export type TurnSpec =
  | { readonly kind: 'user-statement' }
  | { readonly kind: 'reframe' }
  | { readonly kind: 'assistant-text' }
  | { readonly kind: 'tool-calls'; readonly calls: readonly CallSpec[] };

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
}

const callSpec: fc.Arbitrary<CallSpec> = fc.record({
  tool: fc.constantFrom<ToolName>(...SIDE_EFFECT_TOOLS, ...READ_ONLY_TOOLS),
  fails: fc.boolean(),
  retried: fc.boolean(),
});

export const turnSpec: fc.Arbitrary<TurnSpec> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'assistant-text' as const }), weight: 2 },
  { arbitrary: fc.array(callSpec, { minLength: 1, maxLength: 2 }).map((calls) => ({ kind: 'tool-calls' as const, calls })), weight: 4 },
  { arbitrary: fc.constant({ kind: 'user-statement' as const }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'reframe' as const }), weight: 1 },
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
    config: fc.record({ triggerMessages: fc.integer({ min: 3, max: 8 }), keepMessages: fc.integer({ min: 1, max: 4 }) }),
  });
}
