import fc from 'fast-check';
import type { OperationKind } from '../../model/Operation.ts';
import { plannedEpisode, plansFor, type PlannedStep } from './situationPlans.ts';
import { templateArbitrary } from './templateArbitrary.ts';

/**
 * The tail of episode lengths (issue 22): a fixed share of default runs is 500 to 600 steps long, for state that
 * only breaks late (a bounded table, a slow leak). Shrinking still deletes steps down to the shortest failing trace.
 */
export const TAIL_STEPS = { min: 500, max: 600 } as const;

/** Out of how many default runs the tail and each situation plan get their share. */
export const MIX_OUT_OF = 1_000;
/** The tail's share of default runs: 3 in 1,000 (one run in a default check of 300, on average). */
export const TAIL_SHARE = 3;
/** Each situation plan's share of default runs (src/gen/runtime/situationPlans.ts): 25 in 1,000. */
export const PLAN_SHARE = 25;

/** How many steps a long episode draws per step it must run: a step with nothing to act on is skipped. */
export const LONG_DRAW_FACTOR = 1.6;

/** What a default run can be: drawn at random (most), or a list of steps (the tail, a plan) made into the episode. */
export interface EpisodeBranches<T> {
  readonly ordinary: fc.Arbitrary<T>;
  readonly planned: (steps: fc.Arbitrary<readonly PlannedStep[]>) => fc.Arbitrary<T>;
}

/**
 * The tail: enough steps of every supported kind (the swarm does not switch them off) to run 500 to 600, drawn as
 * one list (no retried draws), so its cost is its steps.
 */
export function tailEpisode(kinds: readonly OperationKind[]): fc.Arbitrary<readonly PlannedStep[]> {
  const min = Math.ceil(TAIL_STEPS.min * LONG_DRAW_FACTOR);
  return fc.array(templateArbitrary(kinds), { minLength: min, maxLength: Math.ceil(TAIL_STEPS.max * LONG_DRAW_FACTOR), size: 'max' }).map((templates) => templates.map((template) => ({ template, planned: true })));
}

/**
 * One default run's episode: the tail and each plan the adapter's `kinds` allow by their fixed shares, the rest
 * drawn at random. Which one is drawn first, unbiased and never shrunk: shrinking stays inside the episode drawn.
 */
export function episodeMix<T>(kinds: readonly OperationKind[], branches: EpisodeBranches<T>): fc.Arbitrary<T> {
  const tail = branches.planned(tailEpisode(kinds));
  const plans = plansFor(kinds).map((plan) => branches.planned(plannedEpisode(plan, kinds)));
  return fc.noShrink(fc.noBias(fc.integer({ min: 0, max: MIX_OUT_OF - 1 }))).chain((x) => {
    if (x < TAIL_SHARE) return tail;
    const plan = Math.floor((x - TAIL_SHARE) / PLAN_SHARE);
    return plans[plan] ?? branches.ordinary;
  });
}
