import fc from 'fast-check';

/** Where deleting resumes after a smaller list was kept: the chunk size and position that made it. */
interface Resume {
  readonly size: number;
  readonly start: number;
}

/**
 * A list drawn by `items` that shrinks only by deleting chunks of it, largest first (halves, quarters, … single
 * items), resuming after a kept deletion at the same size and place: a planned episode of a hundred steps shrinks
 * to the few that matter in a few hundred tries, every item kept as drawn (so a step's pinned targets hold).
 */
export function shrinkByDeletion<T>(items: fc.Arbitrary<readonly T[]>): fc.Arbitrary<readonly T[]> {
  return new ShrinkByDeletion(items);
}

class ShrinkByDeletion<T> extends fc.Arbitrary<readonly T[]> {
  constructor(private readonly items: fc.Arbitrary<readonly T[]>) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<readonly T[]> {
    return new fc.Value(this.items.generate(mrng, biasFactor).value, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is readonly T[] {
    return Array.isArray(value);
  }

  shrink(value: readonly T[], context: unknown): fc.Stream<fc.Value<readonly T[]>> {
    return new fc.Stream(deletions(value, context as Resume | undefined));
  }
}

function* deletions<T>(value: readonly T[], from: Resume | undefined): IterableIterator<fc.Value<readonly T[]>> {
  let size = from?.size ?? largestPowerOfTwo(value.length);
  let start = from?.start ?? 0;
  for (; size >= 1; size = Math.floor(size / 2), start = 0) {
    for (; start < value.length; start += size) {
      yield new fc.Value([...value.slice(0, start), ...value.slice(start + size)], { size, start } satisfies Resume);
    }
  }
}

function largestPowerOfTwo(n: number): number {
  let p = 1;
  while (p * 2 <= n) p *= 2;
  return n === 0 ? 0 : p;
}
