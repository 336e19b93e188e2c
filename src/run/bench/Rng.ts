import seedrandom from 'seedrandom';

/** A seeded random stream; every random choice of a run flows from the printed seed through one of these. */
export class Rng {
  private readonly prng: seedrandom.PRNG;

  /** `label` separates independent streams under one seed (one per size and task), so tasks never shift each other. */
  constructor(seed: number, label: string) {
    this.prng = seedrandom(`${seed}:${label}`);
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.prng() * n);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** `k` distinct items of `items`, by rejection (k is small next to items.length). */
  distinct<T>(items: readonly T[], k: number): T[] {
    if (k > items.length) throw new RangeError(`cannot pick ${k} distinct items from ${items.length}`);
    const picked = new Set<number>();
    while (picked.size < k) picked.add(this.int(items.length));
    return [...picked].map((i) => items[i] as T);
  }
}
