import { describe, expect, it } from 'vitest';
import type { PlannedMutant } from '../../mutation/enumerateMutants.ts';
import { mutatePatterns, sampleMutants } from '../../mutation/sampleMutants.ts';

const at = (file: string, line: number, column: number, mutator: string, replacement = 'true', code = `c${line}`): PlannedMutant => ({
  file,
  mutator,
  replacement,
  range: { start: { line, column }, end: { line, column: column + 5 } },
  key: { file, scope: 'f', mutator, original: code, replacement, context: `if (${code}) return;` },
});
const MUTANTS: PlannedMutant[] = Array.from({ length: 200 }, (_, i) => at(`f${i % 7}.ts`, i, 2, 'ConditionalExpression'));

describe('sampleMutants', () => {
  it('draws the same sample from the same seed, and another from another seed', () => {
    const a = sampleMutants(MUTANTS, 20, 1);
    expect(sampleMutants(MUTANTS, 20, 1)).toEqual(a);
    expect(sampleMutants(MUTANTS, 20, 2).picked).not.toEqual(a.picked);
    expect(new Set(a.picked).size).toBe(20);
  });

  it('picks by key, not by place: an edit elsewhere leaves the sample as it was, and new code displaces at most one per mutant', () => {
    const a = sampleMutants(MUTANTS, 20, 1).picked.map((m) => m.key);
    // Every line moves down by 50 (code inserted above): the keys, and so the sample, stay.
    const moved = MUTANTS.map((m) => ({ ...m, range: { start: { ...m.range.start, line: m.range.start.line + 50 }, end: { ...m.range.end, line: m.range.end.line + 50 } } }));
    expect(sampleMutants(moved, 20, 1).picked.map((m) => m.key)).toEqual(a);
    // Unpicked code removed: nothing changes.
    const unpicked = MUTANTS.filter((m) => !a.includes(m.key));
    expect(sampleMutants([...MUTANTS.filter((m) => a.includes(m.key)), ...unpicked.slice(10)], 20, 1).picked.map((m) => m.key).sort()).toEqual([...a].sort());
    // Five new mutants: at least 15 of the old picks stay.
    const added = Array.from({ length: 5 }, (_, i) => at('new.ts', i, 0, 'BlockStatement', '{}', `fresh${i}`));
    const after = sampleMutants([...added, ...MUTANTS], 20, 1).picked.map((m) => m.key);
    expect(after.filter((k) => a.includes(k)).length).toBeGreaterThanOrEqual(15);
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
