import type { PruningSystem } from '../Adapter.ts';
import type { Operation } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';

/**
 * One step the engine predicts it will take, with everything it will read at that step: the ids it observes
 * before (and passes as `after` to `step`), the operation, the ids it observes after it (the reference's outcome's
 * and folded ones included), and, when a recheck falls after this step, the ids and signatures it re-reads then.
 */
export interface PlannedStep {
  readonly before: readonly string[];
  readonly op: Operation;
  readonly after: readonly string[];
  readonly recheck?: { readonly ids: readonly string[]; readonly signatures: readonly string[] };
  /**
   * The run ends after this step (and its recheck): the engine will close the system next. The child closes it
   * right after the step and sends the close's answer with the step's, which saves the run a round trip.
   */
  readonly close?: true;
}

/**
 * A system that can run a predicted stretch of a run ahead in one round trip (an adapter module in its
 * supervised process: one IPC message for many steps, as protocol 1.1's `batch`), then answer the engine's calls
 * step by step from it. A prediction is only a hint: a step or a read it did not foresee is answered as if no plan
 * had been given (the system is brought back to the engine's step first), so no verdict depends on it.
 */
export interface StepPlanner {
  /** Whether a plan may be given now: planning is on and the last plan has been taken to its end. */
  readonly canPlan: boolean;
  /** `until`: the check's `--time-limit` (`Date.now()` ms); the child stops the stretch there, one step at least. */
  planSteps(steps: readonly PlannedStep[], until?: number): Promise<void>;
  /**
   * Takes the answer of the batch sent with `create` (`createPlanned`), going on step by step if it failed. Called
   * before the run's first step, outside any call's watchdog: bringing a fresh system back may start a process.
   * Undefined, synchronously, when no such batch is in flight: a step taken from a batch then takes no hop.
   */
  settle(): void | Promise<void>;
}

/** Where an adapter made by prunecheck's supervised boundary keeps `create` with the run's first stretch planned. */
export const PLANNED_CREATE: unique symbol = Symbol('prunecheck.plannedCreate');

/** An adapter that creates a system with the first stretch of its run sent in the same round trip. */
export interface PlannedCreate {
  [PLANNED_CREATE](config: RuntimeConfig, steps: readonly PlannedStep[], until?: number): Promise<PruningSystem>;
}

/** Whether `adapter` can be given the first stretch of a run with `create` (a supervised module that batches). */
export function plansAhead(adapter: object): adapter is PlannedCreate {
  return typeof (adapter as Partial<PlannedCreate>)[PLANNED_CREATE] === 'function' && (adapter as { batching?: unknown }).batching !== false;
}

/** Where a system created by prunecheck keeps its planner: a symbol, so no adapter's own member is taken for it. */
export const STEP_PLANNER: unique symbol = Symbol('prunecheck.stepPlanner');

/** The planner of a system, when prunecheck's supervised boundary made it. */
export function plannerOf(system: unknown): StepPlanner | undefined {
  if (typeof system !== 'object' || system === null) return undefined;
  const planner = (system as { [STEP_PLANNER]?: unknown })[STEP_PLANNER];
  return typeof planner === 'object' && planner !== null && typeof (planner as StepPlanner).planSteps === 'function' ? (planner as StepPlanner) : undefined;
}
