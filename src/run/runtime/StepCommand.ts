import type fc from 'fast-check';
import type { PruningSystem } from '../../adapters/Adapter.ts';
import type { OpTemplate } from '../../gen/runtime/OpTemplate.ts';
import { resolveTemplate } from '../../gen/runtime/resolveTemplate.ts';
import type { Pin } from '../../gen/runtime/RingChoices.ts';
import type { Finding } from '../../check/Finding.ts';
import type { OperationKind } from '../../model/Operation.ts';
import type { EpisodeDriver } from './EpisodeDriver.ts';
import { FindingError } from '../FindingError.ts';
import type { Lookahead } from './Lookahead.ts';

/** The fast-check model of a run: the driver, the operation kinds this run's swarm enabled, the longest episode. */
export interface RunModel {
  readonly driver: EpisodeDriver;
  readonly enabled: ReadonlySet<OperationKind>;
  /** Operations after which the remaining steps are skipped. */
  readonly maxSteps: number;
  /** Plans the run's next steps ahead for a system that can run them in one round trip (a supervised module). */
  readonly lookahead?: Lookahead;
}

/**
 * A step as a fast-check command whose `run` answers synchronously when nothing it did was asynchronous, and a
 * promise otherwise (`runSteps` runs an episode of them).
 */
export type EpisodeCommand = fc.ICommand<RunModel, PruningSystem, void | Promise<void>>;

/**
 * One generated step as a fast-check command, re-run by fast-check while shrinking. Its only state is where its
 * choices of targets landed the first time it ran (its pins): run again after other steps were deleted, it aims
 * at the same spans, so deleting an unrelated step retargets nothing (`RingChoices`).
 */
export class StepCommand implements EpisodeCommand {
  private pins: readonly Pin[] | undefined;

  /** `planned`: a step of a situation plan or of the tail (src/gen/runtime/episodeMix.ts) runs whatever the swarm switched off. */
  constructor(
    readonly template: OpTemplate,
    readonly planned = false,
  ) {}

  /** Where this step's choices landed the first time it ran (undefined before): what the lookahead resolves it with. */
  get pinned(): readonly Pin[] | undefined {
    return this.pins;
  }

  check(model: Readonly<RunModel>): boolean {
    return !model.driver.stopped && (this.planned || model.enabled.has(this.template.kind)) && model.driver.trace.length < model.maxSteps;
  }

  /** Synchronous (undefined) when the system answered synchronously and no stretch had to be planned or waited for; else a promise. */
  run(model: RunModel): void | Promise<void> {
    const { driver } = model;
    const planning = model.lookahead?.before(this, driver);
    if (planning !== undefined) return planning.then(() => this.runNow(driver));
    return this.runNow(driver);
  }

  private runNow(driver: EpisodeDriver): void | Promise<void> {
    const { ring } = driver.state;
    ring.begin(this.pins);
    const op = resolveTemplate(this.template, driver.state);
    this.pins ??= ring.end();
    if (op === undefined) return undefined;
    const stepping = driver.step(op);
    if (stepping instanceof Promise) return stepping.then((finding) => StepCommand.raise(finding, driver));
    StepCommand.raise(stepping, driver);
    return undefined;
  }

  private static raise(finding: Finding | undefined, driver: EpisodeDriver): void {
    if (finding !== undefined) throw new FindingError(finding, driver.state.config, [...driver.trace], [...driver.outcomes], [...driver.observations]);
  }

  toString(): string {
    return JSON.stringify(this.template);
  }
}
