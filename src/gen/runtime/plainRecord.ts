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
    (values) => {
      const built: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i += 1) built[keys[i] as string] = values[i];
      return built as T;
    },
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
