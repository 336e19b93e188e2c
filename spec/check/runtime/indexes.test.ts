import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryAt } from '../../../src/check/runtime/History.ts';
import { IssuedHandles } from '../../../src/check/runtime/IssuedHandles.ts';
import type { AuditEntry } from '../../../src/model/AuditLog.ts';

describe('the checker\'s indexes answer as the scans they replace', () => {
  it('entryAt finds the entry a linear scan finds, with steps missing where an operation threw', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 60 }), fc.integer({ min: 0, max: 401 }), (steps, probe) => {
        const entries = [...steps].sort((a, b) => a - b).map((step) => ({ step, operation: { kind: 'lookup', spanId: `s${step}` }, outcome: { kind: 'lookup' } }) as unknown as AuditEntry);
        expect(entryAt(entries, probe)).toBe(entries.find((e) => e.step === probe));
      }),
    );
  });

  it('IssuedHandles gives the last step that issued a handle for a span, as findLastIndex over the answers did', () => {
    const answer = fc.oneof(
      fc.record({ kind: fc.constantFrom('appended', 'persisted', 'evicted'), spanId: fc.constantFrom('a', 'b', 'a\u00000:b'), handle: fc.constantFrom('h1', 'h2', '0:b') }),
      fc.constant({ kind: 'adapter-error', message: 'x' }),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 40 }), (answers) => {
        const issued = new IssuedHandles();
        answers.forEach((a, i) => issued.note(i + 1, a));
        for (const id of ['a', 'b', 'a\u00000:b']) {
          for (const handle of ['h1', 'h2', '0:b']) {
            const index = answers.findLastIndex((o) => (o?.kind === 'appended' || o?.kind === 'persisted') && 'spanId' in o && o.spanId === id && o.handle === handle);
            expect(issued.last(id, handle)).toEqual(index < 0 ? undefined : { step: index + 1, kind: (answers[index] as { kind: string }).kind });
          }
        }
      }),
    );
  });
});
