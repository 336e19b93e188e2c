import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fieldsOf } from '../../../src/check/runtime/answerFields.ts';
import { compareAnswer } from '../../../src/check/runtime/compareAnswer.ts';
import { ReferenceRuntime } from '../../../src/model/ReferenceRuntime.ts';

/** A reference runtime with one evicted span (a tombstone and a marker) and one resident span, observed. */
function observed(): { readonly evicted: unknown; readonly resident: unknown } {
  const rt = new ReferenceRuntime({ capacity: 200 });
  rt.apply({ kind: 'append', span: { id: 'a', kind: 'raw', content: 'tool: build passed', persist: true } });
  rt.apply({ kind: 'append', span: { id: 'b', kind: 'raw', content: 'user: ship it on Friday', persist: true } });
  rt.apply({ kind: 'prune', spanId: 'a' });
  return { evicted: rt.observe('a'), resident: rt.observe('b') };
}

describe('compareAnswer', () => {
  it('agrees with an answer that is the very same object, and with an equal copy of it', () => {
    const { evicted, resident } = observed();
    expect(compareAnswer('observation', evicted, evicted)).toBeUndefined();
    expect(compareAnswer('observation', resident, structuredClone(resident))).toBeUndefined();
  });

  it('spells the path of a nested difference from the answer root, after a prefix the caller gives', () => {
    const { evicted } = observed();
    const changed = structuredClone(evicted) as { tombstone: { digest: string } };
    changed.tombstone.digest = 'f'.repeat(64);
    expect(compareAnswer('observation', evicted, changed)).toMatchObject({ path: 'tombstone.digest', actual: 'f'.repeat(64), rule: 'INV-01' });
    expect(compareAnswer('observation', evicted, changed, 'after')?.path).toBe('after.tombstone.digest');
  });

  it('names a missing answer "(answer)", and a missing record by its own path', () => {
    const { resident } = observed();
    expect(compareAnswer('observation', resident, undefined)).toMatchObject({ path: '(answer)', actual: null });
    const gone = { ...(resident as object), resident: undefined };
    expect(compareAnswer('observation', resident, gone)).toMatchObject({ path: 'resident', actual: null });
    expect(compareAnswer('observation', resident, gone, 'after')?.path).toBe('after.resident');
  });

  it('answers the first field in table order whose values differ, reading each compared field once per side', () => {
    const { evicted, resident } = observed();
    for (const answer of [evicted, resident]) {
      const names = Object.keys(fieldsOf('observation', answer) ?? {});
      fc.assert(
        fc.property(fc.uniqueArray(fc.nat({ max: names.length - 1 }), { minLength: 1, maxLength: 3 }), (picked) => {
          // Top-level fields given a value no treatment takes as equal (an object-valued field becomes absent or odd).
          const changed: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
          for (const i of picked) changed[names[i] as string] = `changed ${i}`;
          const reads = new Map<PropertyKey, number>();
          const counted = new Proxy(changed, { get: (target, key) => (reads.set(key, (reads.get(key) ?? 0) + 1), target[key as string]) });
          const first = names[Math.min(...picked)] as string;
          const difference = compareAnswer('observation', answer, counted);
          expect(difference?.path.split('.')[0]).toBe(first);
          for (const name of names.slice(0, names.indexOf(first) + 1)) expect(reads.get(name)).toBe(1);
        }),
        { seed: 26, numRuns: 60 },
      );
    }
  });

  it("reads a compaction's evictions as a set: in any order, equal copies agree; a different mode or member differs", () => {
    const evicted = [{ spanId: 'a', mode: 'reversible' }, { spanId: 'b', mode: 'derivable' }, { spanId: 'c', mode: 'reversible' }];
    const outcome = { kind: 'compacted', evicted, refused: [] };
    const copy = (list: readonly object[]) => ({ ...outcome, evicted: list.map((e) => ({ ...e })) });
    expect(compareAnswer('outcome', outcome, copy(evicted))).toBeUndefined();
    expect(compareAnswer('outcome', outcome, copy([...evicted].reverse()))).toBeUndefined();
    // Fields the table does not compare are the system's own.
    expect(compareAnswer('outcome', outcome, copy(evicted.map((e) => ({ ...e, note: 'extra' }))))).toBeUndefined();
    expect(compareAnswer('outcome', outcome, copy(evicted.map((e, i) => (i === 1 ? { ...e, mode: 'reversible' } : e))))).toMatchObject({ path: 'evicted' });
    expect(compareAnswer('outcome', outcome, copy(evicted.slice(1)))).toMatchObject({ path: 'evicted' });
    expect(compareAnswer('outcome', outcome, copy([...evicted.slice(0, 2), { spanId: 'd', mode: 'reversible' }]))).toMatchObject({ path: 'evicted' });
  });

  it('answers the same first differences when code generation from strings is off (node --disallow-code-generation-from-strings)', async () => {
    const { evicted, resident } = observed();
    const changed = (answer: unknown, name: string): unknown => ({ ...(answer as object), [name]: 'changed' });
    const cases = [evicted, resident].flatMap((answer) => [answer, structuredClone(answer), ...Object.keys(fieldsOf('observation', answer) ?? {}).map((name) => changed(answer, name))].map((other) => [answer, other] as const));
    const withCodegen = cases.map(([a, b]) => compareAnswer('observation', a, b));
    vi.resetModules();
    vi.stubGlobal('Function', function refused(): never {
      throw new EvalError('Code generation from strings disallowed for this context');
    });
    try {
      const fresh = await import('../../../src/check/runtime/compareAnswer.ts');
      expect(cases.map(([a, b]) => fresh.compareAnswer('observation', a, b))).toEqual(withCodegen);
      expect(withCodegen.filter((d) => d !== undefined).length).toBeGreaterThan(5);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
