import type { PlannedStep, StepPlanner } from '../../adapters/supervise/StepPlanner.ts';
import type { EpisodeDomain } from '../../gen/runtime/EpisodeDomain.ts';
import { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import { resolveTemplate } from '../../gen/runtime/resolveTemplate.ts';
import type { OperationKind } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import type { EpisodeDriver } from './EpisodeDriver.ts';
import type { StepCommand } from './StepCommand.ts';
import { StepPrediction } from './StepPrediction.ts';

/** Steps in a run's first batch; each next one is twice as long, up to `MAX_CHUNK`, so a run that fails early wastes little. */
const FIRST_CHUNK = 64;
const MAX_CHUNK = 128;

/**
 * The engine's lookahead for a system that can run steps ahead (`StepPlanner`: an adapter module in its
 * supervised process). A generated step's operation depends on the state the reference reached by following the
 * system, so it cannot be known before the system answers; but when the system answers as the reference does,
 * the reference alone reaches the same state. So the lookahead keeps an episode state of its own, run ahead on the
 * reference alone over the run's next commands (the same templates, pins, swarm and step limit, the same
 * `validateOperation`), and hands the system the steps the engine would take, with every id it would observe
 * after each and the reads of each recheck (`StepPrediction`: every `recheckEvery` steps, and at the end of the run).
 *
 * It never decides anything: the system answers a step it was not given, or a read it did not take, as if no plan
 * had been given (`SupervisedSystem`). It stops planning for the run at the first sign the engine left the
 * prediction: a finding, a choice the reference adopted from the system, a plan not taken to its end.
 */
export class Lookahead {
  private readonly prediction: StepPrediction;
  private readonly commands: readonly StepCommand[];
  /** The index of the first command the lookahead has not resolved. */
  private next = 0;
  private chunk = FIRST_CHUNK;
  private off = false;

  private planner: StepPlanner | undefined;

  constructor(
    commands: Iterable<unknown>,
    config: RuntimeConfig,
    domain: EpisodeDomain,
    private readonly enabled: ReadonlySet<OperationKind>,
    private readonly maxSteps: number,
    recheckEvery: number,
    /** The check's `--time-limit` (`Date.now()` ms): a stretch handed on is stopped there, not run to its end. */
    readonly deadline?: number,
  ) {
    this.prediction = new StepPrediction(new EpisodeState(config, domain), recheckEvery);
    // fast-check hands the commands wrapped (`cmd`); anything else is not ours to predict.
    this.commands = [...commands].map((c) => (c as { cmd?: unknown }).cmd ?? c) as StepCommand[];
    if (!this.commands.every((c) => typeof (c as Partial<StepCommand>).template === 'object')) this.off = true;
  }

  /** The run's first stretch, for `create` to send with the system (`PLANNED_CREATE`): one round trip for both. */
  first(): PlannedStep[] {
    if (this.off || this.next !== 0 || this.prediction.taken !== 0) return [];
    const planned = this.predict(0);
    this.chunk = Math.min(this.chunk * 2, MAX_CHUNK);
    return planned;
  }

  /** The system the run's steps go to; without a planner there is nothing to plan for. */
  attach(planner: StepPlanner | undefined): void {
    this.planner = planner;
    if (planner === undefined) this.off = true;
  }

  /**
   * Before `command` runs: when the last plan was taken to its end, plan the next stretch from this command.
   * Synchronous (undefined) when there is nothing to wait for, as for every step inside a stretch: the step then
   * runs on the engine's synchronous path (`runSteps`) instead of taking a promise hop each.
   */
  before(command: StepCommand, driver: EpisodeDriver): void | Promise<void> {
    const { planner } = this;
    if (planner === undefined) return undefined;
    const settling = planner.settle();
    if (settling !== undefined) return settling.then(() => this.planFrom(planner, command, driver));
    return this.planFrom(planner, command, driver);
  }

  private planFrom(planner: StepPlanner, command: StepCommand, driver: EpisodeDriver): void | Promise<void> {
    if (this.off || !planner.canPlan) return undefined;
    const at = this.commands.indexOf(command, this.next);
    // In step with the engine only when it took exactly the steps predicted and its reference adopted nothing.
    const skipped = at === -1 ? [] : this.commands.slice(this.next, at);
    if (at === -1 || skipped.some((c) => this.runs(c)) || driver.trace.length !== this.prediction.taken || driver.adopted !== 0 || driver.unclaimed.length > 0 || driver.stopped) {
      this.off = true;
      return undefined;
    }
    const planned = this.predict(at);
    this.chunk = Math.min(this.chunk * 2, MAX_CHUNK);
    return planned.length > 0 ? planner.planSteps(planned, this.deadline) : undefined;
  }

  /** Whether the engine would run a command now (`StepCommand.check`), as far as the lookahead knows. */
  private runs(command: StepCommand): boolean {
    return (command.planned || this.enabled.has(command.template.kind)) && this.prediction.taken < this.maxSteps;
  }

  /** The steps the engine would take from command `from`, when the system answers as the reference does. */
  private predict(from: number): PlannedStep[] {
    const planned: PlannedStep[] = [];
    const { ring } = this.prediction.state;
    for (let i = from; i < this.commands.length && planned.length < this.chunk; i += 1) {
      const command = this.commands[i] as StepCommand;
      this.next = i + 1;
      if (!this.runs(command)) continue;
      ring.begin(command.pinned);
      const op = resolveTemplate(command.template, this.prediction.state);
      ring.end();
      if (op === undefined) continue;
      const step = this.prediction.stepOf(op);
      if (step === undefined) {
        this.off = true; // the engine stops at an operation that no longer applies: nothing follows it
        break;
      }
      planned.push(step);
    }
    // The end of the run: the driver's last recheck, unless one just ran, then the engine closes the system.
    if (this.next === this.commands.length && !this.off) this.prediction.closeWith(planned);
    return planned;
  }
}
