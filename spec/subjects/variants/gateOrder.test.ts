import { describe, expect, it } from 'vitest';
import { REFERENCE_CHOOSER, type Chooser } from '../../../src/model/Chooser.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import { ReferenceRuntime } from '../../../src/model/ReferenceRuntime.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { compactsNewestFirst } from '../../../src/subjects/variants/compactsNewestFirst.ts';
import { reverseSetLists } from '../../../src/subjects/variants/transformers/reverseSetLists.ts';
import { drive } from '../../helpers/drive.ts';
import { raw } from '../../helpers/model.ts';

// Issue 22, "a legal runtime convicted": the harness took a compaction's `evicted` list (a set, SPEC.md §7 C-7) as
// the order the spans went through the gate, and the gate order decided which markers folded. A compaction now
// writes its markers once the gate has passed every candidate, in window order (C-2, D-26), so nothing the
// harness compares rests on the list's order.
const CONFIG = { capacity: 56, markerTokens: 10 } as const;
const persisted = (id: string, tokens: number, score: number): Operation => raw(id, `${id} `.repeat(tokens), { tokens, score, persist: true });
// Four persisted spans, the big one scored highest: gated lowest score first and marked one at a time, the three
// small ones' markers overfilled the window before the big span left, and x1, x2 folded; marked together, nothing folds.
const TRACE: readonly Operation[] = [
  persisted('x1', 5, 0.1),
  persisted('x2', 5, 0.2),
  persisted('x3', 5, 0.3),
  persisted('x4', 30, 0.4),
  { kind: 'compact', threshold: 0.5 },
  // A rejection notice that overfills the window: the oldest entries written fold, x1 and x2 (window order).
  raw('z', 'z'.repeat(64), { tokens: 16 }),
  { kind: 'prune', spanId: 'z' },
  ...['x1', 'x2', 'x3', 'x4'].map((spanId): Operation => ({ kind: 'lookup', spanId })),
];

function foldedAfter(chooser: Chooser): { afterCompact: string[]; afterNotice: string[] } {
  const rt = new ReferenceRuntime(CONFIG);
  const ids = ['x1', 'x2', 'x3', 'x4'];
  for (const op of TRACE.slice(0, 4)) rt.apply(op);
  rt.apply(TRACE[4] as Operation, chooser);
  const afterCompact = ids.filter((id) => rt.window.isFolded(id));
  for (const op of TRACE.slice(5, 7)) rt.apply(op);
  return { afterCompact, afterNotice: ids.filter((id) => rt.window.isFolded(id)) };
}

describe('the gate order of a compaction is not read from its evicted list (C-2, C-7)', () => {
  it('the reference folds the same entries whatever order its gate takes: markers are written in window order, after the gate', () => {
    const reversed: Chooser = { ...REFERENCE_CHOOSER, compactionOrder: (c) => [...REFERENCE_CHOOSER.compactionOrder(c)].reverse() };
    expect(foldedAfter(REFERENCE_CHOOSER)).toEqual({ afterCompact: [], afterNotice: ['x1', 'x2'] });
    expect(foldedAfter(reversed)).toEqual(foldedAfter(REFERENCE_CHOOSER));
  });

  it('a runtime reporting every set-valued list reversed is conformant on the hand-written trace', async () => {
    const { finding, driver } = await drive(reverseSetLists(referenceAdapter), TRACE, { config: CONFIG, finish: true });
    expect(finding?.because ?? []).toEqual([]);
    expect(driver.outcomes[4]).toMatchObject({ kind: 'compacted', evicted: [{ spanId: 'x4' }, { spanId: 'x3' }, { spanId: 'x2' }, { spanId: 'x1' }] });
    expect(driver.outcomes[6]).toMatchObject({ kind: 'rejected', spanId: 'z' });
  });

  it('so does a runtime that gates in its own order (C-2), reversed or not', async () => {
    for (const adapter of [compactsNewestFirst, reverseSetLists(compactsNewestFirst)]) {
      const { finding } = await drive(adapter, TRACE, { config: CONFIG, finish: true });
      expect(finding?.because ?? [], adapter.name).toEqual([]);
    }
  });
});
