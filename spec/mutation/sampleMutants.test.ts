import { describe, expect, it } from 'vitest';
import type { PlannedMutant } from '../../mutation/enumerateMutants.ts';
import { mutatePatterns, sampleMutants } from '../../mutation/sampleMutants.ts';

const at = (file: string, line: number, column: number, mutator: string, replacement = 'true'): PlannedMutant => ({ file, mutator, replacement, range: { start: { line, column }, end: { line, column: column + 5 } } });
const MUTANTS: PlannedMutant[] = Array.from({ length: 200 }, (_, i) => at(`f${i % 7}.ts`, i, 2, 'ConditionalExpression'));

describe('sampleMutants', () => {
  it('draws the same sample from the same seed, and another from another seed', () => {
    const a = sampleMutants(MUTANTS, 20, 1);
    expect(sampleMutants(MUTANTS, 20, 1)).toEqual(a);
    expect(sampleMutants(MUTANTS, 20, 2).picked).not.toEqual(a.picked);
    expect(new Set(a.picked).size).toBe(20);
  });

  it('lists a node once when two of its mutants are picked', () => {
    const twins = [at('a.ts', 3, 4, 'ConditionalExpression', 'true'), at('a.ts', 3, 4, 'ConditionalExpression', 'false')];
    const sample = sampleMutants(twins, 2, 5);
    expect(sample.picked).toHaveLength(2);
    expect(sample.locations).toEqual([{ file: 'a.ts', range: twins[0]?.range }]);
  });

  it('takes everything when the sample is larger than the list', () => {
    expect(sampleMutants(MUTANTS.slice(0, 3), 60, 1).picked).toHaveLength(3);
  });
});

describe('mutatePatterns', () => {
  it("writes Stryker's range syntax: lines from 1, columns from 0", () => {
    expect(mutatePatterns('mutation/sut/model', [{ file: 'runAppend.ts', range: { start: { line: 15, column: 6 }, end: { line: 16, column: 29 } } }])).toEqual(['mutation/sut/model/runAppend.ts:16:6-17:29']);
  });
});
