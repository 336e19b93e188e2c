import fc from 'fast-check';
import type { PruningSystem } from '../../adapters/Adapter.ts';
import { atLeastSteps } from '../../gen/runtime/atLeastSteps.ts';
import { templateArbitrary } from '../../gen/runtime/templateArbitrary.ts';
import type { OperationKind } from '../../model/Operation.ts';
import { StepCommand, type RunModel } from './StepCommand.ts';

/** One generated episode's steps, as fast-check commands. */
export type EpisodeSteps = Iterable<fc.AsyncCommand<RunModel, PruningSystem>>;

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
 * A long episode: the swarm first (it never shrinks), then `minSteps`…`maxSteps` templates of the kinds it enabled
 * only, so every drawn step can run and state that only breaks late (a bounded cache, a slow leak) is reached.
 * It shrinks as `fc.commands`, down to the shortest failing trace: the minimum binds generation only.
 */
export function longEpisodeArbitrary(swarm: fc.Arbitrary<ReadonlySet<OperationKind>>, maxSteps: number, minSteps: number): fc.Arbitrary<LongEpisode> {
  return fc.noShrink(swarm).chain((enabled) => atLeastSteps(stepsArbitrary([...enabled], maxSteps), minSteps).map((commands) => ({ commands, enabled })));
}
