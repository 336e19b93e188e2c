/**
 * The JSON encoding of protocol messages (spec/PROTOCOL.md §3). Plain JSON, with two rules JSON alone lacks:
 * - a number that is not finite travels as `{"$float": "Infinity" | "-Infinity" | "NaN"}`;
 * - `null` means "absent": decoding drops the key, so `{"handle": null}` reads as `handle: undefined`.
 * Both directions take a fast path when the text cannot contain either case.
 */

import { mayNamePrototype, prototypeFree } from '../../util/parseJsonData.ts';

const FLOAT_TAG = '$float';

/** One message as one line (without the newline). */
export function encodeMessage(value: unknown): string {
  const fast = JSON.stringify(value) as string | undefined;
  if (fast === undefined) return 'null'; // undefined at top level: absent, as null
  // Non-finite numbers are the only values JSON.stringify turns into null; no `null` token means none occurred.
  if (!fast.includes('null')) return fast;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? { [FLOAT_TAG]: String(v) } : v));
}

/**
 * Parses one line; throws `SyntaxError` when it is not JSON. A line holding a `__proto__`, `constructor` or
 * `prototype` key decodes into prototype-free objects, so those keys are the child's data and nothing prunecheck
 * reads from the answer can be inherited (`parseJsonData`).
 */
export function decodeMessage(line: string): unknown {
  const parsed: unknown = JSON.parse(line);
  const value = mayNamePrototype(line) ? prototypeFree(parsed) : parsed;
  if (!line.includes('null') && !line.includes(FLOAT_TAG)) return value;
  // A walk over the parsed value, not a JSON.parse reviver: the reviver calls back for every value, which costs
  // a child that writes null for absent fields (Python's None) several times the parse itself.
  return value === null ? undefined : reviveTree(value);
}

function reviveTree(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null) value[i] = undefined;
      else if (typeof item === 'object') value[i] = reviveTree(item);
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  let keys = 0;
  for (const key in record) {
    const item = record[key];
    if (item === null) delete record[key];
    else {
      keys += 1;
      if (typeof item === 'object') record[key] = reviveTree(item);
    }
  }
  const tag = record[FLOAT_TAG];
  if (keys === 1 && typeof tag === 'string') {
    if (tag === 'Infinity') return Number.POSITIVE_INFINITY;
    if (tag === '-Infinity') return Number.NEGATIVE_INFINITY;
    if (tag === 'NaN') return Number.NaN;
  }
  return value;
}
