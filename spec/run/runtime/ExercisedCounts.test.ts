import { describe, expect, it } from 'vitest';
import type { InvariantId } from '../../../src/model/invariants.ts';
import { ExercisedCounts } from '../../../src/run/runtime/ExercisedCounts.ts';

describe('ExercisedCounts', () => {
  it('counts each invariant once per step, in first-met order, as a set per step added to a map of counts would', () => {
    const steps: InvariantId[][] = [['INV-01', 'INV-11', 'INV-01'], [], ['INV-12', 'INV-15', 'INV-29'], ['INV-11', 'INV-12', 'INV-12', 'INV-03']];
    const counts = new ExercisedCounts();
    const expected = new Map<InvariantId, number>();
    steps.forEach((invariants, i) => {
      counts.begin(i + 1);
      for (const invariant of invariants) counts.add(invariant).add(invariant);
      for (const invariant of new Set(invariants)) expected.set(invariant, (expected.get(invariant) ?? 0) + 1);
    });
    expect([...counts]).toEqual([...expected]);
    expect([...counts]).toEqual([['INV-01', 1], ['INV-11', 2], ['INV-12', 2], ['INV-15', 1], ['INV-29', 1], ['INV-03', 1]]);
  });
});
