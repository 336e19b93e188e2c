/**
 * The JSON encoding of protocol messages (spec/PROTOCOL.md §3). Plain JSON, with two rules JSON alone lacks:
 * - a number that is not finite travels as `{"$float": "Infinity" | "-Infinity" | "NaN"}`;
 * - `null` means "absent": decoding drops the key, so `{"handle": null}` reads as `handle: undefined`.
 * Both directions take a fast path when the text cannot contain either case.
 */

const FLOAT_TAG = '$float';

/** One message as one line (without the newline). */
export function encodeMessage(value: unknown): string {
  const fast = JSON.stringify(value) as string | undefined;
  if (fast === undefined) return 'null'; // undefined at top level: absent, as null
  // Non-finite numbers are the only values JSON.stringify turns into null; no `null` token means none occurred.
  if (!fast.includes('null')) return fast;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? { [FLOAT_TAG]: String(v) } : v));
}

/** Parses one line; throws `SyntaxError` when it is not JSON. */
export function decodeMessage(line: string): unknown {
  if (!line.includes('null') && !line.includes(FLOAT_TAG)) return JSON.parse(line);
  return JSON.parse(line, reviveValue);
}

function reviveValue(_key: string, value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const tag = (value as Record<string, unknown>)[FLOAT_TAG];
    if (typeof tag === 'string' && Object.keys(value as object).length === 1) {
      if (tag === 'Infinity') return Number.POSITIVE_INFINITY;
      if (tag === '-Infinity') return Number.NEGATIVE_INFINITY;
      if (tag === 'NaN') return Number.NaN;
    }
  }
  return value;
}
