import fc from 'fast-check';

/** The arbitraries of a record's fields, by field name. */
export type RecordModel<T> = { readonly [K in keyof T]: fc.Arbitrary<T[K]> };

/**
 * `fc.record(model)` drawing and shrinking the very same values for the same seed, but always as a plain object.
 * fast-check 4's record draws one boolean more after its fields, and on `true` (half the draws) builds the record
 * with a null prototype: V8 keeps such an object in dictionary mode, so every read of a drawn template (several a
 * step, also for steps that never run) is a hash lookup, and building one is too. Here that boolean is still drawn
 * (so every later draw of the run is unchanged) and ignored: the object is built with its fields in the model's
 * order, and its JSON is the same.
 */
export function plainRecord<T extends object>(model: RecordModel<T>): fc.Arbitrary<T> {
  const keys = Object.keys(model) as (keyof T & string)[];
  const fields = keys.map((key) => model[key] as fc.Arbitrary<unknown>);
  return fc.tuple(...fields, fc.boolean()).map(
    literalOf(keys) as unknown as (values: unknown[]) => T,
    (value) => {
      // As fast-check's own record unmaps (shrinking a value it did not draw): its fields, then the prototype flag.
      if (typeof value !== 'object' || value === null) throw new Error('not a record');
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== null && proto !== Object.prototype) throw new Error('not a plain record');
      if (Object.keys(value).length !== keys.length || !keys.every((key) => Object.hasOwn(value, key))) throw new Error('not this record');
      return [...keys.map((key) => (value as Record<string, unknown>)[key]), proto === null];
    },
  );
}

/**
 * A function building `{ [keys[0]]: values[0], … }` as one object literal: every record it builds has one hidden
 * class from the start, where writing the fields one by one through a loop (a keyed store per field, each a
 * transition) cost about four times as much per template. The keys are the model's own field names, quoted as
 * JSON; no drawn value reaches the source.
 */
function literalOf(keys: readonly string[]): (values: readonly unknown[]) => object {
  // A quoted "__proto__" in a literal would set the prototype; computed, it is an own field, as fc.record makes it.
  const fields = keys.map((key, i) => `${key === '__proto__' ? '["__proto__"]' : JSON.stringify(key)}: values[${i}]`);
  try {
    return new Function('values', `return { ${fields.join(', ')} };`) as (values: readonly unknown[]) => object;
  } catch {
    // Code generation is off (node --disallow-code-generation-from-strings): the same object, field by field.
    return (values) => {
      const built: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i += 1) Object.defineProperty(built, keys[i] as string, { value: values[i], enumerable: true, writable: true, configurable: true });
      return built;
    };
  }
}
