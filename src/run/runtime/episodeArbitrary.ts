import fc from 'fast-check';
import { atLeastSteps } from '../../gen/runtime/atLeastSteps.ts';
import { swarmArbitrary } from '../../gen/runtime/episodeArbitraries.ts';
import { templateArbitrary } from '../../gen/runtime/templateArbitrary.ts';
import type { OperationKind } from '../../model/Operation.ts';
import type { PruningSystem } from '../../adapters/Adapter.ts';
import { StepCommand, type RunModel } from './StepCommand.ts';

/** One generated episode's steps and the operation kinds its swarm enabled. */
export interface EpisodeDraw {
  readonly commands: Iterable<fc.AsyncCommand<RunModel, PruningSystem>>;
  readonly enabled: ReadonlySet<OperationKind>;
}

/**
 * The steps of one episode, as fast-check commands, with the run's swarm (which never shrinks). Normal episodes
 * draw up to `maxSteps` templates of every supported kind, and the swarm skips the kinds it switched off. Long
 * episodes (`minSteps` > 0) draw `minSteps`…`maxSteps` templates of the enabled kinds only, so every drawn step
 * can run: state that only breaks late (a bounded cache, a slow leak) is reached. Both shrink as `fc.commands`.
 */
export function episodeArbitrary(supported: readonly OperationKind[], maxSteps: number, minSteps: number): fc.Arbitrary<EpisodeDraw> {
  const commands = (kinds: readonly OperationKind[]) => fc.commands([templateArbitrary(kinds).map((t) => new StepCommand(t))], { maxCommands: maxSteps, size: 'max' });
  const swarm = fc.noShrink(swarmArbitrary(supported));
  if (minSteps <= 0) return fc.tuple(commands(supported), swarm).map(([steps, enabled]) => ({ commands: steps, enabled }));
  return swarm.chain((enabled) => atLeastSteps(commands([...enabled]), minSteps).map((steps) => ({ commands: steps, enabled })));
}
