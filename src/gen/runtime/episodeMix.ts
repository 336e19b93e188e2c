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
 * drawn at random. Which one is decided on a copy of the run's random source, so a run drawn at random is the very
 * episode the same seed and run drew before plans existed (the zoo's shrunk traces stay as they were); shrinking
 * stays inside the episode drawn.
 */
export function episodeMix<T>(kinds: readonly OperationKind[], branches: EpisodeBranches<T>): fc.Arbitrary<T> {
  const tail = branches.planned(tailEpisode(kinds));
  const plans = plansFor(kinds).map((plan) => branches.planned(plannedEpisode(plan, kinds)));
  return new EpisodeMix((x) => (x < TAIL_SHARE ? tail : (plans[Math.floor((x - TAIL_SHARE) / PLAN_SHARE)] ?? branches.ordinary)));
}

/** How many draws of the copied source are skipped before the one that decides: it then matches no early draw. */
const SKIPPED = 7;

class EpisodeMix<T> extends fc.Arbitrary<T> {
  constructor(private readonly branchOf: (x: number) => fc.Arbitrary<T>) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const copy = mrng.clone();
    for (let i = 0; i < SKIPPED; i += 1) copy.nextInt();
    const branch = this.branchOf(copy.nextInt(0, MIX_OUT_OF - 1));
    const drawn = branch.generate(mrng, biasFactor);
    return new fc.Value(drawn.value_, { branch, context: drawn.context });
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return false;
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (context === undefined) return fc.Stream.nil();
    const { branch, context: inner } = context as { readonly branch: fc.Arbitrary<T>; readonly context: unknown };
    return branch.shrink(value, inner).map((v) => new fc.Value(v.value_, { branch, context: v.context }));
  }
}
