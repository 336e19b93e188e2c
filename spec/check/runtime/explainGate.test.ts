import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import { drive } from '../../helpers/drive.ts';
import { derived, raw } from '../../helpers/model.ts';
import { evictsAs, rewritesAnswers } from '../../helpers/rewritesAnswers.ts';

// Why the gate may not give the decision a system reported (explainForbidden, SpanExplainer): each case is a
// prune the system answered with a decision the spec forbids for that span, and the sentence that says why,
// computed from the span's history. The finding is the deviation's rule, at the prune.

const refuses = (spanId: string): Adapter => rewritesAnswers(`refuses-${spanId}`, (op, o) => (op.kind === 'prune' && op.spanId === spanId ? { kind: 'rejected', spanId, reason: 'not-reversible' } : o));

const summarized: Operation[] = [raw('a', 'x'), { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'sum' }];
const persisted: Operation = raw('a', 'x', { persist: true });

const CASES: readonly (readonly [string, Adapter, readonly Operation[], string, readonly string[]])[] = [
  ['a summary evicted as derivable', evictsAs('s', 'derivable'), [...summarized, { kind: 'prune', spanId: 's', acceptLossy: true }], 'INV-03', ['s is a summary (written at step 2): a model cannot re-author the same bytes, so summaries are never derivable (D-04)']],
  ['a derived span without sources evicted as derivable', evictsAs('d', 'derivable'), [derived('d', 'x', []), { kind: 'prune', spanId: 'd', acceptLossy: true }], 'INV-03', ['d declares no sources to derive it from']],
  [
    'a derived span evicted as derivable after a re-frame ended its derivation',
    evictsAs('d', 'derivable'),
    [raw('s1', 'src'), derived('d', 'from s1', ['s1'], { persist: true }), { kind: 'reframe', frame: 'f2' }, { kind: 'prune', spanId: 'd' }],
    'INV-08',
    ["d's derivation was declared at step 2 and the task was re-framed at step 3, which ended it (INV-08)"],
  ],
  [
    'a derived span evicted as derivable after its source left',
    evictsAs('d', 'derivable'),
    [raw('s1', 'src', { persist: true }), derived('d', 'from s1', ['s1']), { kind: 'prune', spanId: 's1' }, { kind: 'prune', spanId: 'd', acceptLossy: true }],
    'INV-03',
    ["d's source s1 left the window at step 3 (evicted as reversible)"],
  ],
  ['a span evicted as reversible after its copy was overwritten', evictsAs('a', 'reversible'), [persisted, { kind: 'overwrite', spanId: 'a', content: 'other' }, { kind: 'prune', spanId: 'a', acceptLossy: true }], 'INV-03', ["a's backing copy (step 1) was overwritten with other bytes at step 2: it no longer matches the span (D-05)"]],
  ['a span evicted as reversible after its copy expired', evictsAs('a', 'reversible'), [persisted, { kind: 'rotate' }, { kind: 'prune', spanId: 'a', acceptLossy: true }], 'INV-03', ["a's backing copy (step 1) expired in the rotation at step 2"]],
  ['a span evicted as reversible after it was edited', evictsAs('a', 'reversible'), [persisted, { kind: 'edit', spanId: 'a', content: 'y' }, { kind: 'prune', spanId: 'a', acceptLossy: true }], 'INV-03', ['a was edited at step 2, after its backing copy was taken at step 1: the copy is no longer byte-identical (D-05)']],
  [
    'a derivable span with a live copy committed lossily',
    evictsAs('d', 'lossy'),
    [raw('s1', 'src', { persist: true }), derived('d', 'from s1', ['s1'], { persist: true }), { kind: 'prune', spanId: 'd' }],
    'INV-03',
    ['by the reference\'s record, d is derivable: its derivation (step 2) stands and its sources s1 are resident', 'so d could leave without loss, and a lossy commitment destroys it needlessly'],
  ],
  ['a prune of a span with a live copy refused', refuses('a'), [persisted, { kind: 'prune', spanId: 'a' }], 'INV-03', ['so a could leave without loss']],
  ['a prune accepting loss refused', refuses('a'), [raw('a', 'x'), { kind: 'prune', spanId: 'a', acceptLossy: true }], 'INV-03', ['the directive accepted loss, so a could leave as a lossy commitment']],
];

describe('a gate decision the spec forbids is explained from the span\'s history', () => {
  it.each(CASES)('%s', async (_name, adapter, ops, invariant, because) => {
    const { finding, step } = await drive(adapter, ops);
    expect([finding?.invariant, step]).toEqual([invariant, ops.length]);
    // The chain shows both answers, then the reasons.
    expect(finding?.because[0]).toMatch(new RegExp(`^step ${ops.length}: prune `));
    for (const line of because) expect(finding?.because).toContain(line);
  });
});
