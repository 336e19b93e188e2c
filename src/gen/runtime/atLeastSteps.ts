import fc from 'fast-check';

/**
 * `commands` generating at least `min` steps (a long episode, for state that only breaks late) while shrinking
 * as `commands` does, down to the shortest failing trace: the minimum binds generation only. Draws are retried
 * until one is long enough (a sixth of `fc.commands` draws are, when `min` is five sixths of its maximum).
 */
export function atLeastSteps<T>(commands: fc.Arbitrary<Iterable<T>>, min: number): fc.Arbitrary<Iterable<T>> {
  if (min <= 0) return commands;
  return new AtLeastSteps(commands, min);
}

const MAX_DRAWS = 10_000;

class AtLeastSteps<T> extends fc.Arbitrary<Iterable<T>> {
  constructor(
    private readonly commands: fc.Arbitrary<Iterable<T>>,
    private readonly min: number,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<Iterable<T>> {
    let value = this.commands.generate(mrng, biasFactor);
    for (let draw = 1; draw < MAX_DRAWS && count(value.value) < this.min; draw += 1) value = this.commands.generate(mrng, biasFactor);
    return value;
  }

  canShrinkWithoutContext(value: unknown): value is Iterable<T> {
    return this.commands.canShrinkWithoutContext(value);
  }

  shrink(value: Iterable<T>, context: unknown): fc.Stream<fc.Value<Iterable<T>>> {
    return this.commands.shrink(value, context);
  }
}

function count(items: Iterable<unknown>): number {
  let n = 0;
  for (const _ of items) n += 1;
  return n;
}
