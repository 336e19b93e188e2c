import type { InvariantId } from '../../model/invariants.ts';

/** One invariant's count, and the step that last counted it. */
interface Cell {
  count: number;
  step: number;
}

/**
 * How many steps of an episode exercised each invariant's checks (what "operations checked" counts per invariant
 * in a report), in the order the invariants were first met: `exercisedBy` adds each invariant a step exercises,
 * the step set by `begin` first, and an invariant added twice in one step counts once. One map lookup per
 * invariant added, where a set per step and then a read and a write of the count per invariant were three (about
 * 1 % of a check's CPU).
 */
export class ExercisedCounts implements Iterable<[InvariantId, number]> {
  private readonly cells = new Map<InvariantId, Cell>();
  private step = 0;

  /** The step whose invariants are added next (a number no earlier step of the episode had). */
  begin(step: number): void {
    this.step = step;
  }

  add(invariant: InvariantId): this {
    const cell = this.cells.get(invariant);
    if (cell === undefined) this.cells.set(invariant, { count: 1, step: this.step });
    else if (cell.step !== this.step) {
      cell.count += 1;
      cell.step = this.step;
    }
    return this;
  }

  /** Each invariant with its count, in first-met order. */
  *[Symbol.iterator](): IterableIterator<[InvariantId, number]> {
    for (const [invariant, cell] of this.cells) yield [invariant, cell.count];
  }
}
