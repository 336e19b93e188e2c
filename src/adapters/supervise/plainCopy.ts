import { types } from 'node:util';

/** Not a plain value: `plainCopy` cannot copy it exactly as the serializer would send it. */
export const NOT_PLAIN: unique symbol = Symbol('not plain');

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !types.isProxy(value);
}

function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && Object.getPrototypeOf(value) === Array.prototype && !types.isProxy(value);
}

/**
 * A deep copy of plain data (objects of `Object.prototype` or none, arrays without holes, primitives other than
 * symbols and functions), key order kept: what the structured-clone serializer would send, taken now, so a later
 * change by its owner does not reach it. An object in `atoms` is kept as it is (a frozen operation). Anything else
 * anywhere inside makes it `NOT_PLAIN`.
 */
export function plainCopy(value: unknown, atoms?: ReadonlyMap<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return typeof value === 'symbol' || typeof value === 'function' ? NOT_PLAIN : value;
  if (atoms?.has(value) === true) return value;
  if (isPlainArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) {
      if (!(i in value)) return NOT_PLAIN;
      const item = plainCopy(value[i], atoms);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = item;
    }
    return copy;
  }
  if (!isPlainObject(value)) return NOT_PLAIN;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = plainCopy((value as Record<string, unknown>)[key], atoms);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    // An own "__proto__" key (a module's JSON.parse) is data, as the serializer sends it, not the copy's prototype.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}

/**
 * Whether `live` is now exactly what `copy` (a `plainCopy`) holds: the same keys in the same order, the same
 * primitives (`Object.is`), the same atoms (by identity). Strict on purpose: a false "different" costs bytes only.
 */
export function samePlain(live: unknown, copy: unknown, atoms?: ReadonlyMap<object, unknown>): boolean {
  if (typeof copy !== 'object' || copy === null) return Object.is(live, copy);
  if (typeof live !== 'object' || live === null) return false;
  if (atoms?.has(copy) === true) return live === copy;
  if (Array.isArray(copy)) {
    if (!isPlainArray(live) || live.length !== copy.length) return false;
    for (let i = 0; i < copy.length; i += 1) if (!(i in live) || !samePlain(live[i], copy[i], atoms)) return false;
    return true;
  }
  if (!isPlainObject(live)) return false;
  const keys = Object.keys(copy);
  const liveKeys = Object.keys(live);
  if (keys.length !== liveKeys.length) return false;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] as string;
    if (liveKeys[i] !== key || !samePlain((live as Record<string, unknown>)[key], (copy as Record<string, unknown>)[key], atoms)) return false;
  }
  return true;
}

/**
 * `value` as the serializer would send it, taken now: its `plainCopy`, or a structured clone when it is not plain
 * data (a class instance, a Map) or holds a cycle (too deep for `plainCopy`). What cannot be cloned is kept as it
 * is, so sending it fails as it did, with its own message (`subjectChild.ts`, DataCloneError).
 */
export function copyAsSent(value: unknown): unknown {
  let copy: unknown = NOT_PLAIN;
  try {
    copy = plainCopy(value);
  } catch {
    // A cycle: the structured clone below keeps it, as the serializer would.
  }
  if (copy !== NOT_PLAIN) return copy;
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
