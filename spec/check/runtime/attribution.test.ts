import { describe, expect, it } from 'vitest';
import type { LookupAnswer, Restored, Rejected, WindowFull } from '../../../src/model/Outcome.ts';
import type { RestoreOp, Operation } from '../../../src/model/Operation.ts';
import { ReferenceRuntime } from '../../../src/model/ReferenceRuntime.ts';
import { derived, raw } from '../../helpers/model.ts';
import { drive, testRuntime } from '../../helpers/drive.ts';

/** Still answers "derivable" for a span evicted as derivable before a re-frame: it missed the re-frame rule. */
class ReframeBlindLookup extends ReferenceRuntime {
  override lookup(spanId: string): LookupAnswer {
    const answer = super.lookup(spanId);
    const tombstone = this.tombstones.get(spanId);
    return answer.kind === 'tombstoned' && answer.why === 'reframed' && tombstone !== undefined ? { kind: 'derivable', spanId, sources: tombstone.derivationChain } : answer;
  }
}

/** Answers "recoverable" for every evicted span, copy or not. */
class AlwaysRecoverable extends ReferenceRuntime {
  override lookup(spanId: string): LookupAnswer {
    const answer = super.lookup(spanId);
    return answer.kind === 'tombstoned' ? { kind: 'recoverable', spanId, handle: 'bs://made-up', content: 'made up' } : answer;
  }
}

/** Restores a recoverable span even when it does not fit. */
class RestoresOverCapacity extends ReferenceRuntime {
  protected override restore(op: RestoreOp): Restored | Rejected | WindowFull {
    const span = this.span(op.spanId);
    const answer = this.lookup(op.spanId);
    if (span === undefined || answer.kind !== 'recoverable') return super.restore(op);
    span.content = answer.content;
    span.digestCache = undefined;
    this.window.insert(span);
    return { kind: 'restored', spanId: op.spanId };
  }
}

/** Refuses a restore that does not fit as "not recoverable", though the copy is there. */
class CallsFullUnrecoverable extends ReferenceRuntime {
  protected override restore(op: RestoreOp): Restored | Rejected | WindowFull {
    const outcome = super.restore(op);
    return outcome.kind === 'window-full' ? { kind: 'rejected', spanId: op.spanId, reason: 'not-recoverable' } : outcome;
  }
}

const evictedThenReframed: Operation[] = [raw('s1', 'source'), derived('s2', 'derived from s1', ['s1']), { kind: 'prune', spanId: 's2' }, { kind: 'reframe', frame: 'explain it' }, { kind: 'lookup', spanId: 's2' }];
// s2 (40 tokens) is persisted and evicted; s3 then fills the window, so restoring s2 cannot fit.
const restoreWhenFull: Operation[] = [raw('s2', 'x'.repeat(160), { persist: true }), { kind: 'prune', spanId: 's2' }, raw('s3', 'y'.repeat(280)), { kind: 'restore', spanId: 's2' }];

// Issue problem 7: every lookup disagreement was INV-04, and a restore at window-full INV-13 whatever the system
// did. A finding is now attributed to the rule that decides the reference's answer.
describe('findings are attributed to the rule that decides the reference\'s answer', () => {
  it('a lookup still "derivable" after a re-frame ended the derivation is INV-08, with the steps that decide it', async () => {
    const { finding, step } = await drive(testRuntime('reframe-blind-lookup', (c) => new ReframeBlindLookup(c)), evictedThenReframed);
    expect([finding?.invariant, step]).toEqual(['INV-08', 5]);
    expect(finding?.because).toContain('s2 was evicted as derivable at step 3');
    expect(finding?.because.join('\n')).toMatch(/re-framed at step 4/);
  });

  it('a lookup answering "recoverable" for a span evicted lossily is INV-04', async () => {
    const ops: Operation[] = [raw('s1', 'an identifier'), { kind: 'prune', spanId: 's1', acceptLossy: true }, { kind: 'lookup', spanId: 's1' }];
    const { finding } = await drive(testRuntime('always-recoverable', (c) => new AlwaysRecoverable(c)), ops);
    expect(finding?.invariant).toBe('INV-04');
    expect(finding?.because).toContain('s1 was evicted as lossy at step 2');
  });

  it('a restore past capacity is INV-13; refusing it as "not recoverable" is no capacity violation', async () => {
    const config = { capacity: 100 };
    const over = await drive(testRuntime('restores-over-capacity', (c) => new RestoresOverCapacity(c)), restoreWhenFull, { config });
    expect([over.finding?.invariant, over.step]).toEqual(['INV-13', 4]);
    const mislabelled = await drive(testRuntime('calls-full-unrecoverable', (c) => new CallsFullUnrecoverable(c)), restoreWhenFull, { config });
    expect([mislabelled.finding?.invariant, mislabelled.step]).toEqual(['DIFFERENTIAL', 4]);
    expect(mislabelled.finding?.because.join('\n')).toMatch(/first difference: outcome.kind is "window-full" in the reference and "rejected" in the system/);
  });
});
