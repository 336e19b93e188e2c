import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalArgs } from '../../../src/check/audit/sideEffects.ts';

/** The definition: keys sorted at every level, each value as JSON. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${reference((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// Keys that sort differently as strings and as array indexes, and values of every JSON kind.
const KEY = fc.oneof(fc.constantFrom('a', 'b', 'B', '10', '9', '_', 'é', 'request_id'), fc.string({ maxLength: 3 }));
const ARGS = fc.dictionary(KEY, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 });

describe('canonicalArgs', () => {
  it('writes every arguments object as its definition does (keys sorted at every level)', () => {
    fc.assert(fc.property(ARGS, (args) => canonicalArgs(args) === reference(args)), { numRuns: 3000, seed: 23 });
  });
  it('is the same whatever the key order', () => {
    fc.assert(
      fc.property(ARGS, (args) => {
        const reversed = Object.fromEntries(Object.entries(args).reverse());
        expect(canonicalArgs(reversed)).toBe(canonicalArgs(args));
      }),
      { numRuns: 1000, seed: 23 },
    );
  });
  it('sorts what JSON.stringify would leave in insertion order, and spells out what it would skip', () => {
    expect(canonicalArgs({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(canonicalArgs({ a: undefined })).toBe('{"a":null}');
    expect(canonicalArgs({ a: new Date(0) })).toBe('{"a":{}}');
  });
});
