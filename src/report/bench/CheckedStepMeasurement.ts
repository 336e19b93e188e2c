/**
 * One round of issue 26's first target (`bench/checkedStepVsModelRun.ts`): a bare `fc.asyncModelRun` step over a
 * Map against a checked operation of the reference, both as process CPU time per step at the same number of runs,
 * warm, with start-up subtracted (the cost of the same work at one run taken off, so only the per-step margin is
 * compared).
 */
export interface CheckedStepMeasurement {
  readonly round: number;
  readonly runs: number;
  readonly seed: number;
  /** `fc.asyncModelRun` over a Map with six commands, fast-check as pinned. */
  readonly modelRun: StepCost;
  /** `checkAdapter` on the reference adapter (examples off, rechecks as by default). */
  readonly checked: StepCost;
  /** `checked.usPerStep / modelRun.usPerStep`. */
  readonly ratio: number;
  /** 1-minute load average when the round started. */
  readonly loadAverage: number;
}

/** CPU per step: `(cpu at runs − cpu at one run) / (steps at runs − steps at one run)`. */
export interface StepCost {
  readonly steps: number;
  readonly cpuMs: number;
  /** The same work at one run: what is subtracted as start-up. */
  readonly startupSteps: number;
  readonly startupCpuMs: number;
  readonly usPerStep: number;
}
