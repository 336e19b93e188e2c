import type { Adapter, PruningSystem } from '../../adapters/Adapter.ts';
import { PLANNED_CREATE, plansAhead, type PlannedStep } from '../../adapters/supervise/StepPlanner.ts';
import { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import type { Operation } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { StepPrediction } from './StepPrediction.ts';

/**
 * A fixed trace (a recorded incident, a finding's re-run) as the driver will step through it when the system
 * answers as the reference does: every step with the ids it observes and its rechecks, up to the first operation
 * that no longer applies (the driver stops there). When the whole trace is planned, its last step closes the
 * system, as the run's end does.
 */
export function plannedTrace(config: RuntimeConfig, trace: readonly Operation[], recheckEvery: number): PlannedStep[] {
  const prediction = new StepPrediction(new EpisodeState(config), recheckEvery);
  const planned: PlannedStep[] = [];
  for (const op of trace) {
    const step = prediction.stepOf(op);
    if (step === undefined) return planned;
    planned.push(step);
  }
  prediction.closeWith(planned);
  return planned;
}

/**
 * `create` for a run of a fixed trace: an adapter that runs steps ahead (a supervised module) gets the whole
 * trace with the system, so the run costs one round trip instead of one per step; any other is created as it is.
 * The plan is a hint: a step the system answers otherwise is taken step by step (`SupervisedSystem`).
 */
export function createForTrace(adapter: Adapter, config: RuntimeConfig, trace: readonly Operation[], recheckEvery: number, deadline?: number): Promise<PruningSystem> | PruningSystem {
  if (!plansAhead(adapter)) return adapter.create(config);
  const planned = plannedTrace(config, trace, recheckEvery);
  return planned.length === 0 ? adapter.create(config) : adapter[PLANNED_CREATE](config, planned, deadline);
}
