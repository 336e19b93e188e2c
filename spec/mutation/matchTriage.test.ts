import { describe, expect, it } from 'vitest';
import { matchTriage } from '../../mutation/matchTriage.ts';
import type { MutantKey } from '../../mutation/MutantKey.ts';
import type { TriageEntry } from '../../mutation/Triage.ts';

const key = (over: Partial<MutantKey> = {}): MutantKey => ({
  file: 'runAppend.ts',
  scope: 'runAppend',
  mutator: 'ConditionalExpression',
  original: "input.kind === 'raw'",
  replacement: 'true',
  context: "rawKind: input.kind === 'raw' ? (input.rawKind ?? 'other') : undefined,",
  ...over,
});
const equivalent = (over: Partial<MutantKey> = {}, reason = 'rawKind is read only for raw spans'): TriageEntry => ({ ...key(over), status: 'equivalent', reason });

describe('matchTriage', () => {
  it('matches on every key field, whatever the line number', () => {
    const entry = { ...equivalent(), line: 999 };
    const { matches, unmatched } = matchTriage([key()], [entry]);
    expect(matches).toEqual([{ entry, how: 'exact' }]);
    expect(unmatched).toEqual([]);
  });

  it('does not match another mutator, replacement, file or code', () => {
    const entry = equivalent();
    for (const other of [key({ mutator: 'EqualityOperator' }), key({ replacement: 'false' }), key({ file: 'runSummarize.ts' }), key({ original: "input.kind === 'derived'" })]) {
      const { matches, unmatched } = matchTriage([other], [entry]);
      expect(matches).toEqual([undefined]);
      expect(unmatched).toEqual([entry]);
    }
  });

  it('pairs identical mutants with identical entries one to one, in order', () => {
    const first = equivalent({}, 'first');
    const second = equivalent({}, 'second');
    const { matches } = matchTriage([key(), key(), key()], [first, second]);
    expect(matches.map((m) => m?.entry.reason)).toEqual(['first', 'second', undefined]);
  });

  it('tells identical code on one line apart by its place among them (nth)', () => {
    const second = { ...equivalent({}, 'the second one'), nth: 2 };
    const { matches } = matchTriage([key(), key({ nth: 2 })], [second]);
    expect(matches).toEqual([undefined, { entry: second, how: 'exact' }]);
  });

  it('tells identical code apart by its function', () => {
    const inEdit = equivalent({ scope: 'edit' }, 'in edit');
    const inPrune = equivalent({ scope: 'prune' }, 'in prune');
    const { matches } = matchTriage([key({ scope: 'prune' }), key({ scope: 'edit' })], [inEdit, inPrune]);
    expect(matches.map((m) => m?.entry.reason)).toEqual(['in prune', 'in edit']);
  });

  it('follows a mutant whose line text or function changed, when its code is unique, and says so', () => {
    const entry = equivalent();
    const moved = key({ scope: 'admitSpan', context: "const rawKind = input.kind === 'raw' ? input.rawKind : undefined;" });
    const { matches, unmatched } = matchTriage([moved], [entry]);
    expect(matches).toEqual([{ entry, how: 'moved' }]);
    expect(unmatched).toEqual([]);
  });

  it('does not guess when the changed code is ambiguous', () => {
    const entries = [equivalent({ context: 'a' }), equivalent({ context: 'b' })];
    const { matches, unmatched } = matchTriage([key({ context: 'c' }), key({ context: 'd' })], entries);
    expect(matches).toEqual([undefined, undefined]);
    expect(unmatched).toEqual(entries);
  });

  it('prefers exact matches before following moved code', () => {
    const exact = equivalent({}, 'exact');
    const other = equivalent({ context: 'old line' }, 'moved');
    const { matches } = matchTriage([key({ context: 'new line' }), key()], [exact, other]);
    expect(matches.map((m) => [m?.entry.reason, m?.how])).toEqual([
      ['moved', 'moved'],
      ['exact', 'exact'],
    ]);
  });
});
