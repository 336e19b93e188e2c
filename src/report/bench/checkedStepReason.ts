import type { TargetInputs } from './benchTargets.ts';
import { medianRatio } from './checkedStepTarget.ts';

/** Why issue 26's checked-step ratio came out as it did, from the round at the median. */
export function checkedStepReason({ checkedStep = [] }: TargetInputs): string {
  const ratio = medianRatio(checkedStep);
  const round = [...checkedStep].sort((a, b) => a.ratio - b.ratio)[Math.floor((checkedStep.length - 1) / 2)];
  if (ratio === undefined || round === undefined) return 'Not run.';
  return (
    `A checked operation of the reference took ${round.checked.usPerStep.toFixed(1)} µs of CPU against ${round.modelRun.usPerStep.toFixed(2)} µs for a bare \`fc.asyncModelRun\` command over a Map ` +
    `(${round.runs.toLocaleString('en-US')} runs, warm, the cost at one run subtracted). A checked step applies the operation to the system and to the reference, observes the ids it touches, ` +
    'compares outcome and state and runs every checker, and draws a richer episode; the Map step does one map call on each side and one comparison.'
  );
}
