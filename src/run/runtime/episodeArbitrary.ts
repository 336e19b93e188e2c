import fc from 'fast-check';
import { atLeastSteps } from '../../gen/runtime/atLeastSteps.ts';
import { domainArbitrary, type EpisodeDomain } from '../../gen/runtime/EpisodeDomain.ts';
import { configArbitrary, swarmArbitrary } from '../../gen/runtime/episodeArbitraries.ts';
import { episodeMix } from '../../gen/runtime/episodeMix.ts';
import { shrinkByDeletion } from '../../gen/runtime/shrinkByDeletion.ts';
import { templateArbitrary } from '../../gen/runtime/templateArbitrary.ts';
import type { OperationKind } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { StepCommand, type EpisodeCommand } from './StepCommand.ts';

/** One generated episode's steps, as fast-check commands. */
export type EpisodeSteps = Iterable<EpisodeCommand>;

/** One long episode's steps and the operation kinds its swarm enabled. */
export interface LongEpisode {
  readonly commands: EpisodeSteps;
  readonly enabled: ReadonlySet<OperationKind>;
}

/**
 * Up to `maxSteps` templates of `kinds`, as fast-check commands: a normal episode draws every supported kind, and
 * the run's swarm (a separate argument of the property) skips the kinds it switched off. Passed to the property
 * on its own: fast-check 4.11 loses the other members of a tuple holding commands when it shrinks a sibling.
 */
export function stepsArbitrary(kinds: readonly OperationKind[], maxSteps: number): fc.Arbitrary<EpisodeSteps> {
  return fc.commands([templateArbitrary(kinds).map((t) => new StepCommand(t))], { maxCommands: maxSteps, size: 'max' });
}

/**
 * A default run's steps (issue 22, src/gen/runtime/episodeMix.ts): most drawn as `stepsArbitrary` draws them, a
 * fixed share 500 to 600 steps of every kind (the tail), and a fixed share planned for each dangerous situation
 * drawing seldom reaches. Planned episodes shrink by deleting steps, each kept as drawn.
 */
export function defaultStepsArbitrary(kinds: readonly OperationKind[], maxSteps: number): fc.Arbitrary<EpisodeSteps> {
  return episodeMix<EpisodeSteps>(kinds, {
    ordinary: stepsArbitrary(kinds, maxSteps),
    planned: (steps) => shrinkByDeletion(steps.map((list) => list.map((step) => new StepCommand(step.template, step.planned)))),
  });
}


/**
 * A long episode: the swarm first (it never shrinks), then `minSteps`…`maxSteps` templates of the kinds it enabled
 * only, so every drawn step can run and state that only breaks late (a bounded cache, a slow leak) is reached.
 * It shrinks as `fc.commands`, down to the shortest failing trace: the minimum binds generation only.
 */
export function longEpisodeArbitrary(swarm: fc.Arbitrary<ReadonlySet<OperationKind>>, maxSteps: number, minSteps: number): fc.Arbitrary<LongEpisode> {
  return fc.noShrink(swarm).chain((enabled) => atLeastSteps(stepsArbitrary([...enabled], maxSteps), minSteps).map((commands) => ({ commands, enabled })));
}

/** One generated run of the engine: its steps, the kinds its swarm enabled, its input domain and window. */
export type EpisodeRun = (commands: EpisodeSteps, enabled: ReadonlySet<OperationKind>, domain: EpisodeDomain, config: RuntimeConfig) => Promise<undefined>;

/** How many steps a check's episodes draw: `drawn` at most, and in a long episode at least `minDrawn`. */
export interface EpisodeShape {
  readonly long: boolean;
  readonly drawn: number;
  readonly minDrawn: number;
  /** Default runs (issue 22): the tail of long episodes and the situation plans mixed in; the most steps then run. */
  readonly mixed?: { readonly maxSteps: number };
}

/**
 * The engine's property over the adapter's `kinds`: what each generated run draws, in fast-check's argument
 * order, so a seed and run index name the same episode wherever the property is built (the engine; the bench,
 * which times drawing them alone). Only the argument lists differ between the shapes: the property is checked
 * for its run details, never for its values' types.
 */
export function episodeProperty(kinds: readonly OperationKind[], shape: EpisodeShape, run: EpisodeRun): fc.IAsyncProperty<unknown[]> {
  const swarm = swarmArbitrary(kinds);
  return shape.long
    ? (fc.asyncProperty(longEpisodeArbitrary(swarm, shape.drawn, shape.minDrawn), fc.noShrink(domainArbitrary), configArbitrary, ({ commands, enabled }, domain, config) => run(commands, enabled, domain, config)) as unknown as fc.IAsyncProperty<unknown[]>)
    : (fc.asyncProperty(shape.mixed === undefined ? stepsArbitrary(kinds, shape.drawn) : defaultStepsArbitrary(kinds, shape.drawn), fc.noShrink(swarm), fc.noShrink(domainArbitrary), configArbitrary, run) as unknown as fc.IAsyncProperty<unknown[]>);
}
