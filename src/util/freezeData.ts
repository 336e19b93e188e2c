/**
 * `deepFreeze` for plain data the harness built itself (an operation `resolveTemplate` made): arrays walked by
 * index, objects by `Object.keys`. For such a value (plain objects and arrays whose members are all enumerable and
 * named by strings, as JSON holds them) it freezes exactly the objects `deepFreeze` does, without
 * `Reflect.ownKeys`, which builds a list of every own key (each array index spelled as a string) and was most of
 * the cost of freezing each checked step's operation (about 4 % of a check's CPU in the profile). Not for values
 * from elsewhere (a user's config, a parsed file): a symbol or non-enumerable member would stay unfrozen.
 */
export function freezeData<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const member: unknown = value[i];
      if (typeof member === 'object' && member !== null) freezeData(member);
    }
    return value;
  }
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i += 1) {
    const member = (value as Record<string, unknown>)[keys[i] as string];
    if (typeof member === 'object' && member !== null) freezeData(member);
  }
  return value;
}
