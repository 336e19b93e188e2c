import { describe, expect, it } from 'vitest';
import { normalizeOutcome, sameOutcome } from '../../../src/check/runtime/normalizeOutcome.ts';
import { validateObservations, validateOutcome } from '../../../src/check/runtime/validateOutcome.ts';
import { ReferenceRuntime } from '../../../src/model/ReferenceRuntime.ts';

describe('validateOutcome', () => {
  it.each([
    [null, /must be an object, got null/],
    ['evicted', /must be an object, got string/],
    [{ kind: 'deleted' }, /"deleted" is not an outcome kind/],
    [{ kind: 'evicted', spanId: 's1', mode: 'lossy' }, /'evicted' field 'tombstone' must be object/],
    [{ kind: 'rotated', expired: [1] }, /'rotated' field 'expired' must be string\[\]/],
    [{ kind: 'compacted', evicted: [{ spanId: 's1' }], refused: [] }, /'evicted' must be an array of \{ spanId, mode \}/],
  ])('rejects %j', (value, message) => {
    expect(validateOutcome(value)).toMatch(message);
  });

  it('accepts every outcome the reference produces', () => {
    const rt = new ReferenceRuntime({ capacity: 50 });
    const outcomes = [
      rt.apply({ kind: 'append', span: { id: 'a', kind: 'raw', content: 'x', persist: true } }),
      rt.apply({ kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'y' }),
      rt.apply({ kind: 'prune', spanId: 'a' }),
      rt.apply({ kind: 'compact', threshold: 1 }),
      rt.apply({ kind: 'lookup', spanId: 'a' }),
      rt.apply({ kind: 'claim', claim: 'c', requiredIds: ['a'] }),
      rt.apply({ kind: 'rotate' }),
      rt.apply({ kind: 'append', span: { id: 'big', kind: 'raw', content: 'z', tokens: 100 } }),
    ];
    for (const outcome of outcomes) expect(validateOutcome(outcome)).toBeUndefined();
  });
});

describe('validateObservations', () => {
  it('names the index and field that is wrong', () => {
    expect(validateObservations({}, ['a'])).toMatch(/must answer an array/);
    expect(validateObservations([], ['a'])).toMatch(/answered 0 observations/);
    expect(validateObservations([{ spanId: 'a', resident: { score: 'high' } }], ['a'])).toMatch(/\[0\]\.resident\.score must be a number/);
    expect(validateObservations([{ spanId: 'a', tombstone: { digest: 5 } }], ['a'])).toMatch(/\[0\]\.tombstone must be an object with a string digest/);
    expect(validateObservations([{ spanId: 'a', resident: null, tombstone: null }], ['a'])).toBeUndefined();
  });
});

describe('normalizeOutcome', () => {
  it('ignores handle spellings and digests but not modes', () => {
    const tombstone = { spanId: 'a', tokenRange: [0, 1], policyVersion: 'p', modelVersion: 'm', score: 0.5, digest: 'd1', derivationChain: [], mode: 'reversible', handle: 'h1', step: 1 } as const;
    const a = { kind: 'evicted', spanId: 'a', mode: 'reversible', handle: 'bs://a#1', check: undefined, tombstone } as const;
    const b = { ...a, handle: 'log:7', tombstone: { ...tombstone, digest: 'd2' } } as const;
    expect(sameOutcome(a, b)).toBe(true);
    expect(sameOutcome(a, { ...a, mode: 'lossy' })).toBe(false);
    expect(normalizeOutcome({ kind: 'gap', claim: 'x', lostIds: ['b', 'a'] })).toEqual({ kind: 'gap', ids: ['a', 'b'] });
  });
});
