import fc from 'fast-check';

/**
 * A boolean drawn as `fc.boolean()` draws it (same values for the same seed), that shrinks toward `true` instead
 * of `false`: for the flags that open the shortest way to a failure (accept the loss, keep a copy, rest a claim on
 * a lost span), so a failure found on a longer road (a rotation, an overwrite, a re-frame) shrinks to the short one.
 */
export function towardTrue(): fc.Arbitrary<boolean> {
  return new TowardTrue();
}

class TowardTrue extends fc.Arbitrary<boolean> {
  private readonly drawn = fc.boolean();

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<boolean> {
    return new fc.Value(this.drawn.generate(mrng, biasFactor).value, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is boolean {
    return typeof value === 'boolean';
  }

  shrink(value: boolean): fc.Stream<fc.Value<boolean>> {
    return value ? fc.Stream.nil() : fc.Stream.of(new fc.Value(true, undefined));
  }
}
