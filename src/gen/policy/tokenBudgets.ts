import fc from 'fast-check';

/** The token budgets of one generated config: trigger and keep, in the library's own tokens. */
export interface TokenBudgets {
  readonly triggerTokens: number;
  readonly keepTokens: number;
}

/** Smallest and largest generated budgets, in tokens (docs/policy-mode.md "Budgets in tokens"). */
export const TOKEN_BUDGET_RANGE = { keep: { min: 16, max: 512 }, trigger: { min: 96, max: 1_536 } } as const;

/**
 * Token budgets across their range. The generated messages are about 23 proxy tokens each at the median and
 * 81 at the 90th percentile (characters / 4; a large tool output alone is over 12,000), a conversation about
 * 580 at the median: so a trigger from 96 to 1,536 runs from "compacts every round" to "never compacts a short
 * conversation". The trigger is at least three times the keep (D-17's reason: a kept tail plus a summary that
 * already meets the trigger would make every summarizing pruner compact on every call by construction).
 * Shrinks towards the smallest budgets, where the most is pruned.
 */
export const tokenBudgetsArbitrary: fc.Arbitrary<TokenBudgets> = fc
  .integer(TOKEN_BUDGET_RANGE.keep)
  .chain((keepTokens) => fc.integer({ min: Math.max(TOKEN_BUDGET_RANGE.trigger.min, 3 * keepTokens), max: TOKEN_BUDGET_RANGE.trigger.max }).map((triggerTokens) => ({ triggerTokens, keepTokens })));
