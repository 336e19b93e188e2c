import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOutcome, sameOutcome } from '../../../src/check/runtime/normalizeOutcome.ts';
import type { Outcome } from '../../../src/model/Outcome.ts';

// Few values per field, so pairs often agree, agree but for the order of a set, or differ in one field.
const id = fc.constantFrom('a', 'b', 'c');
const ids = fc.array(id, { maxLength: 3 });
const claim = fc.constantFrom(undefined, 'safe', 'unsafe');
const outcome: fc.Arbitrary<Outcome> = fc.oneof(
  fc.record({ kind: fc.constantFrom('appended', 'persisted', 'edited', 'restored', 'overwritten', 'resident', 'absent'), spanId: id }),
  fc.record({ kind: fc.constant('window-full'), spanId: id, needed: fc.nat(3), used: fc.nat(3), capacity: fc.nat(3) }),
  fc.record({ kind: fc.constant('evicted'), spanId: id, mode: fc.constantFrom('lossy', 'reversible'), safeClaim: claim, handle: id }),
  fc.record({ kind: fc.constant('rejected'), spanId: id, reason: fc.constantFrom('not-resident', 'floored'), safeClaim: claim }),
  fc.record({ kind: fc.constant('executed'), signature: id, requestId: id }),
  fc.record({ kind: fc.constant('rotated'), expired: ids }),
  fc.record({ kind: fc.constant('summarized'), summaryId: id, sourceIds: ids }),
  fc.record({ kind: fc.constant('reframed'), frame: id, floored: ids, derivable: ids }),
  fc.record({ kind: fc.constant('gap'), claim: id, lostIds: ids }),
) as fc.Arbitrary<Outcome>;

/** A few fields of an outcome written over (any kind's: a field another kind has is extra, and ignored). */
const overrides = fc.record(
  { spanId: id, mode: fc.constantFrom('lossy', 'reversible'), safeClaim: claim, reason: fc.constantFrom('not-resident', 'floored'), signature: id, expired: ids, summaryId: id, sourceIds: ids, frame: id, floored: ids, derivable: ids, lostIds: ids },
  { requiredKeys: [] },
);

describe('sameOutcome', () => {
  it('answers exactly whether the normal forms serialize the same, with or without its shortcut', () => {
    fc.assert(
      fc.property(outcome, outcome, fc.constantFrom('other', 'copy', 'edited'), overrides, (a, b, how, changed) => {
        // Another outcome, a copy, or a copy with a field or two changed (often to what it was): the shortcut's cases.
        const other = how === 'other' ? b : how === 'copy' ? structuredClone(a) : ({ ...structuredClone(a), ...changed } as Outcome);
        expect(sameOutcome(a, other)).toBe(JSON.stringify(normalizeOutcome(a)) === JSON.stringify(normalizeOutcome(other)));
      }),
      { numRuns: 3_000 },
    );
  });
});
