/** Names and picks range over 0…RING-1: a pick chooses the item whose place follows it on the ring. */
export const RING = 1_000;

/** What one choice chose: the pick it was drawn with, and the place on the ring of what it chose. */
export interface Pin {
  readonly pick: number;
  readonly at: number;
}

/**
 * Choices by stable identity: each item has a place on a ring (a span's drawn name), and a pick chooses the
 * first item at or after it. Deleting an item no choice took changes nothing. A step records where its choices
 * landed (its pins) the first time it runs; run again (while shrinking), each choice aims at the place it
 * landed on, so a step that chose a span still chooses it when deleting another step lets more spans into the
 * pool, and a step whose target is gone chooses the next one along.
 */
export class RingChoices {
  private pins: readonly Pin[] | undefined;
  private next = 0;
  private recorded: Pin[] = [];

  /** Starts resolving one step, with the pins of its first run if it has run before. */
  begin(pins?: readonly Pin[]): void {
    this.pins = pins;
    this.next = 0;
    this.recorded = [];
  }

  /** Where the step's choices landed, in the order they were made. */
  end(): readonly Pin[] {
    return this.recorded;
  }

  /** The item of `items` that `pick` chooses (ties: the earliest), or undefined when there is none. */
  choose<T>(items: readonly T[], placeOf: (item: T) => number, pick: number): T | undefined {
    const pin = this.pins?.[this.next];
    this.next += 1;
    const aim = pin !== undefined && pin.pick === pick ? pin.at : pick;
    let best: T | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const item of items) {
      const distance = (((placeOf(item) - aim) % RING) + RING) % RING;
      if (distance < bestDistance) {
        best = item;
        bestDistance = distance;
      }
    }
    this.recorded.push({ pick, at: best === undefined ? aim : placeOf(best) });
    return best;
  }
}
