import type { PlannedStep } from '../../adapters/supervise/StepPlanner.ts';
import { idsNamedBy, idsNamedByOutcome } from '../../adapters/touchedIds.ts';
import type { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import type { Operation } from '../../model/Operation.ts';
import { validateOperation } from '../../model/validateOperation.ts';

/**
 * The steps an `EpisodeDriver` takes, predicted on the reference alone: for each operation, the ids the driver
 * observes before and after it and, where its recheck falls (`Recheck.due`), the ids and signatures it re-reads.
 * It holds when the system answers as the reference does; the supervised boundary treats it as a hint only.
 * `Lookahead` predicts a generated run with it, `plannedTrace` a fixed one (an incident, a re-run).
 */
export class StepPrediction {
  /** Steps predicted so far, and the ids and signatures they touched, as the driver's recheck counts them. */
  private steps = 0;
  private readonly touched = new Set<string>();
  private readonly called = new Set<string>();
  private lastRecheck = 0;

  constructor(
    /** The episode the prediction runs ahead on; its reference applies each predicted operation. */
    readonly state: EpisodeState,
    private readonly recheckEvery: number,
  ) {}

  /** How many steps have been predicted. */
  get taken(): number {
    return this.steps;
  }

  /** One step as `EpisodeDriver.runStep` takes it; undefined when the operation does not apply (the driver stops there). */
  stepOf(op: Operation): PlannedStep | undefined {
    const { reference } = this.state;
    let named: string[];
    try {
      validateOperation(op, reference);
      named = [...new Set(idsNamedBy(op))];
    } catch {
      return undefined;
    }
    for (const id of named) this.touched.add(id);
    if (op.kind === 'callTool') this.called.add(op.signature);
    const expected = reference.apply(op);
    const after = [...new Set([...named, ...idsNamedByOutcome(expected), ...reference.folded])];
    for (const id of after) this.touched.add(id);
    this.state.note(op, expected);
    this.steps += 1;
    const due = this.recheckEvery !== 0 && this.steps % this.recheckEvery === 0;
    return { before: named, op, after, ...(due ? { recheck: this.recheckReads() } : {}) };
  }

  /**
   * The last step of the run (`planned`'s last, replaced in place): the driver's final recheck, unless one just
   * ran, and the close that follows it.
   */
  closeWith(planned: PlannedStep[]): void {
    const last = planned.at(-1);
    if (last === undefined) return;
    const recheck = last.recheck === undefined && this.steps !== this.lastRecheck && this.recheckEvery !== 0 ? { recheck: this.recheckReads() } : {};
    planned[planned.length - 1] = { ...last, ...recheck, close: true };
  }

  private recheckReads(): NonNullable<PlannedStep['recheck']> {
    this.lastRecheck = this.steps;
    return { ids: [...this.touched], signatures: [...this.called] };
  }
}
