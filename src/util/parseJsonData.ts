/**
 * Keys that mean something to a JavaScript object besides being data: `__proto__` (assigning it, as a copy by
 * assignment does, replaces an object's prototype), `constructor` and `prototype` (code asks them of any object).
 * With a prototype-free object they are plain keys. Text that holds none of them as a key parses as plain JSON:
 * the test costs a few percent of `JSON.parse` on a protocol line, where every name `Object.prototype` answers to
 * (`toString`, `hasOwnProperty`…) would cost a fifth. Fields are read by name (never by a name from the data, see
 * `hasOwn`), so those others cannot be mistaken for data either way.
 */
const PROTOTYPE_KEY = /"(?:__proto__|constructor|prototype)"/;

/**
 * Whether JSON text may hold such a key: one spelled out, or any `\u` escape (`"__pro\u0074o__"` is the same
 * key to `JSON.parse`).
 */
export function mayNamePrototype(text: string): boolean {
  // The escaped-key pattern only when an escape is there at all: most lines have none, and it costs the most.
  return PROTOTYPE_KEY.test(text) || (text.includes('\\u') && ESCAPED_KEY.test(text));
}

/** A key spelled with a `\u` escape: it may spell any of them. */
// The first group never takes a `\u`, so the first one is the only candidate: linear, whatever the text.
const ESCAPED_KEY = /"(?:[^"\\]|\\[^u])*\\u(?:[^"\\]|\\.)*"\s*:/;

/** Objects of parsed data as prototype-free records (in place for arrays): every key is data, none is inherited. */
export function prototypeFree(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = prototypeFree(value[i]);
    return value;
  }
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, { value: prototypeFree((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Parses JSON from outside (a child's answer, a counterexample, a shard report, an expectations file) so that
 * its keys are data: when it holds `__proto__`, `constructor` or `prototype` (spelled out or with `\u` escapes),
 * every object is made prototype-free (`Object.create(null)`), so neither a read nor a copy can reach
 * `Object.prototype` through one of them. Other text (all of prunecheck's own files,
 * every well-behaved child) parses as plain JSON at plain JSON's cost. Throws `SyntaxError` as `JSON.parse` does.
 */
export function parseJsonData(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return mayNamePrototype(text) ? prototypeFree(value) : value;
}

/** Whether `record` has `key` as its own property (never an inherited one). */
export function hasOwn(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}
