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
    const aim = this.aim(pick);
    let best: T | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let i = 0; i < items.length; i += 1) {
      const item = items[i] as T;
      const distance = (((placeOf(item) - aim) % RING) + RING) % RING;
      if (distance < bestDistance) {
        best = item;
        bestDistance = distance;
      }
    }
    this.recorded.push({ pick, at: best === undefined ? aim : placeOf(best) });
    return best;
  }

  /**
   * `choose` with each item's place read from `places` (0 when it has none): the same choice, made without a
   * callback per item. Spans are chosen this way at most steps, over every resident id, and a default check runs
   * mostly unoptimized, where a call per item (and a for-of) is what the search costs.
   */
  chooseByPlace<T>(items: readonly T[], places: ReadonlyMap<T, number>, pick: number): T | undefined {
    const aim = this.aim(pick);
    let best: T | undefined;
    let bestPlace = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let i = 0; i < items.length; i += 1) {
      const item = items[i] as T;
      const place = places.get(item) ?? 0;
      const distance = (((place - aim) % RING) + RING) % RING;
      if (distance < bestDistance) {
        best = item;
        bestPlace = place;
        bestDistance = distance;
      }
    }
    this.recorded.push({ pick, at: best === undefined ? aim : bestPlace });
    return best;
  }

  /** Where the next choice aims: its pin's place when the step ran before with the same pick, else the pick. */
  private aim(pick: number): number {
    const pin = this.pins?.[this.next];
    this.next += 1;
    return pin !== undefined && pin.pick === pick ? pin.at : pick;
  }
}
