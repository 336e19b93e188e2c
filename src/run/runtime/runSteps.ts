import type { PruningSystem } from '../../adapters/Adapter.ts';
import type { EpisodeCommand, RunModel } from './StepCommand.ts';

/**
 * Runs an episode's commands as `fc.asyncModelRun` does (each in order while its `check` holds; a throw ends the
 * episode, and the commands after it do not run, so fast-check's record of which ran is the same), but without its
 * per-command awaits: a command that answers synchronously is followed at once (issue 26: the synchronous path).
 * From the first command that answers with a promise, the rest wait on it, so a system that turns asynchronous
 * at any step (a slow one, the 50 ms event-loop turn) is awaited as before. No timer can fire between commands
 * either way: `asyncModelRun`'s awaits are microtasks.
 */
export function runSteps(model: RunModel, real: PruningSystem, commands: Iterable<EpisodeCommand>): void | Promise<void> {
  const steps = commands[Symbol.iterator]();
  for (let next = steps.next(); next.done !== true; next = steps.next()) {
    const ran = runOne(next.value, model, real);
    if (ran instanceof Promise) return ran.then(() => runRest(steps, model, real));
  }
  return undefined;
}

function runOne(command: EpisodeCommand, model: RunModel, real: PruningSystem): void | Promise<void> {
  return command.check(model) ? command.run(model, real) : undefined;
}

async function runRest(steps: Iterator<EpisodeCommand>, model: RunModel, real: PruningSystem): Promise<void> {
  for (let next = steps.next(); next.done !== true; next = steps.next()) {
    const ran = runOne(next.value, model, real);
    if (ran instanceof Promise) await ran;
  }
}
