import { describe, expect, it } from 'vitest';
import type { PlannedMutant } from '../../mutation/enumerateMutants.ts';
import { focusMutants } from '../../mutation/focusMutants.ts';
import { MutationError } from '../../mutation/MutationError.ts';
import type { TriageEntry } from '../../mutation/Triage.ts';

const at = (line: number, mutator: string, replacement: string, original: string, scope = 'run'): PlannedMutant => ({
  file: 'runAppend.ts',
  mutator,
  replacement,
  range: { start: { line, column: 2 }, end: { line, column: 9 } },
  key: { file: 'runAppend.ts', scope, mutator, original, replacement, context: `if (${original}) return;` },
});

// Two mutants at one node (line 4), one elsewhere (line 9).
const MUTANTS = [at(4, 'ConditionalExpression', 'true', 'a > b'), at(4, 'ConditionalExpression', 'false', 'a > b'), at(9, 'BlockStatement', '{}', '{ go(); }')];
const gap = (m: PlannedMutant, over: Partial<TriageEntry> = {}): TriageEntry => ({ ...m.key, status: 'gap', reason: 'r', fix: 'f', area: 'src/check/runtime', ...over }) as TriageEntry;

describe('focusMutants', () => {
  it('--gaps: the gap entries found by key (also when their function was renamed), each node once; the gone ones named', () => {
    const moved = gap(MUTANTS[2] as PlannedMutant, { scope: 'oldName' });
    const gone = gap(MUTANTS[0] as PlannedMutant, { original: 'deleted()' });
    const equivalent = { ...(MUTANTS[1] as PlannedMutant).key, status: 'equivalent', reason: 'x' } as TriageEntry;
    const focused = focusMutants(MUTANTS, { kind: 'gaps' }, [gap(MUTANTS[0] as PlannedMutant), moved, gone, equivalent]);
    expect(focused.picked).toEqual([MUTANTS[0], MUTANTS[2]]);
    expect(focused.locations.map((l) => l.range.start.line)).toEqual([4, 9]);
    expect(focused.missing.map((k) => k.original)).toEqual(['deleted()']);
  });

  it('--mutate: every mutant starting on the 1-based line; a line with none is refused', () => {
    expect(focusMutants(MUTANTS, { kind: 'lines', lines: [{ file: 'runAppend.ts', line: 5 }] }, []).picked).toEqual(MUTANTS.slice(0, 2));
    expect(() => focusMutants(MUTANTS, { kind: 'lines', lines: [{ file: 'runAppend.ts', line: 6 }] }, [])).toThrow(MutationError);
    expect(() => focusMutants(MUTANTS, { kind: 'lines', lines: [{ file: 'Window.ts', line: 5 }] }, [])).toThrow(/no mutant of src\/model starts on that line/);
  });
});
