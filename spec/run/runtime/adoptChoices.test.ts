import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import { ReferenceRuntime } from '../../../src/model/ReferenceRuntime.ts';
import { derived, raw } from '../../helpers/model.ts';
import { drive } from '../../helpers/drive.ts';

const builtin = (name: string): Adapter => findBuiltin(name) as Adapter;

// Issue problems 1 and 2: spec-permitted choices were reported as violations, with "because" clauses false for
// the system. The engine now adopts every allowed choice (SPEC.md §7) and goes on in lock-step.
describe('the engine adopts the choices SPEC.md leaves to the runtime', () => {
  it('problem 1: compaction breaking equal-score ties newest first is not INV-03, and the runs stay in lock-step (C-2)', async () => {
    const ops: Operation[] = [
      raw('s1', 'the list, persisted', { persist: true, score: 0.1 }),
      derived('s2', '3 items', ['s1'], { score: 0.1 }),
      { kind: 'compact', threshold: 0.5 },
      { kind: 'lookup', spanId: 's2' },
      { kind: 'lookup', spanId: 's1' },
    ];
    // What the reference does on its own: oldest first, s1 leaves, and s2, no longer derivable, stays.
    const alone = new ReferenceRuntime({ capacity: 10_000 });
    for (const op of ops.slice(0, 2)) alone.apply(op);
    expect(alone.apply(ops[2] as Operation)).toMatchObject({ evicted: [{ spanId: 's1', mode: 'reversible' }], refused: ['s2'] });

    const { finding, driver } = await drive(builtin('compacts-newest-first'), ops);
    expect(finding).toBeUndefined();
    expect(driver.outcomes[2]).toMatchObject({ kind: 'compacted', evicted: [{ spanId: 's2', mode: 'derivable' }, { spanId: 's1', mode: 'reversible' }] });
    expect(driver.adopted).toBe(1);
    expect(driver.outcomes.slice(3).map((o) => o.kind)).toEqual(['derivable', 'recoverable']);
  });

  it('problem 2: a persisted derived span evicted as reversible is not INV-03; lookups and restores follow the choice (C-1)', async () => {
    const ops: Operation[] = [raw('s1', 'source'), derived('s2', 'derived, persisted', ['s1'], { persist: true }), { kind: 'prune', spanId: 's2' }, { kind: 'lookup', spanId: 's2' }, { kind: 'restore', spanId: 's2' }];
    const { finding, driver } = await drive(builtin('prefers-reversible'), ops);
    expect(finding).toBeUndefined();
    expect(driver.outcomes.slice(2).map((o) => o.kind)).toEqual(['evicted', 'recoverable', 'restored']);
    expect(driver.outcomes[2]).toMatchObject({ mode: 'reversible', check: { existence: true, addressable: true, provenance: true } });
    expect(driver.adopted).toBe(1);
  });

  it('still convicts a choice outside the allowed set, with clauses about the system that hold', async () => {
    // trusts-safe-claim evicts s1 "reversibly" though it was never copied anywhere.
    const { finding, step } = await drive(builtin('trusts-safe-claim'), [raw('s1', 'an identifier'), { kind: 'prune', spanId: 's1', claimSafe: true }]);
    expect([finding?.invariant, step]).toEqual(['INV-03', 2]);
    const system = finding?.clauses?.filter((c) => c.about === 'system').map((c) => c.text);
    expect(system).toContain('the system answered: evicted s1 as reversible; safe claim upheld');
    expect(system).toContain('s1 was never copied to the backing store (not persisted when appended, never persisted since)');
  });

  it('a refusal among several that apply is the runtime\'s to pick (C-3), and a notice follows it', async () => {
    const ops: Operation[] = [raw('a', 'alpha'), { kind: 'summarize', summaryId: 'sum', sourceIds: ['a'], content: 'gist' }, { kind: 'summarize', summaryId: 'sum2', sourceIds: ['sum'], content: 'a very long summary of the summary', tokens: 20_000 }];
    const { finding, driver } = await drive(builtin('refuses-capacity-first'), ops);
    expect(finding).toBeUndefined();
    expect(driver.outcomes[2]).toMatchObject({ kind: 'window-full', spanId: 'sum2' });
    expect(driver.state.reference.observe('sum').index).toBeUndefined();
  });
});
