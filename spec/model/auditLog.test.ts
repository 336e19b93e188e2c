import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/model/AuditLog.ts';
import { ModelError } from '../../src/model/ModelError.ts';
import type { Operation } from '../../src/model/Operation.ts';
import { applyAll, applyExpect, episode, FREE_MARKERS, raw } from '../helpers/model.ts';
import { assertOverEpisodes } from '../helpers/modelOps.ts';

const FILE = 'spec/model/auditLog.test.ts';

describe('versions are events (INV-11)', () => {
  it('INV-11 a version change is an audit entry, and a partial change keeps the other version', () => {
    const rt = episode(100, { modelVersion: 'm1', policyVersion: 'p1' });

    const versioned = applyExpect(rt, { kind: 'setVersion', policyVersion: 'p2' }, 'versioned');

    expect(versioned).toEqual({ kind: 'versioned', modelVersion: 'm1', policyVersion: 'p2' });
    expect(rt.log.all()).toEqual([{ step: 1, operation: { kind: 'setVersion', policyVersion: 'p2' }, outcome: versioned }]);
    expect(applyExpect(rt, { kind: 'setVersion', modelVersion: 'm2', policyVersion: 'p3' }, 'versioned')).toMatchObject({ modelVersion: 'm2', policyVersion: 'p3' });
  });

  it('INV-11 summaries and tombstones carry the versions in force when each was made', () => {
    const rt = episode(100, { modelVersion: 'm1', policyVersion: 'p1' });
    applyAll(
      rt,
      raw('a', 'alpha'),
      raw('b', 'beta'),
      { kind: 'summarize', summaryId: 's1', sourceIds: ['a'], content: 'an a' },
      { kind: 'prune', spanId: 'a', acceptLossy: true },
      { kind: 'setVersion', modelVersion: 'm2', policyVersion: 'p2' },
      { kind: 'summarize', summaryId: 's2', sourceIds: ['b'], content: 'a b' },
      { kind: 'prune', spanId: 'b', acceptLossy: true },
    );

    expect(rt.observe('s1').resident?.provenance).toEqual({ derived: true, modelVersion: 'm1', policyVersion: 'p1', step: 3 });
    expect(rt.observe('s2').resident?.provenance).toEqual({ derived: true, modelVersion: 'm2', policyVersion: 'p2', step: 6 });
    expect(rt.tombstones.get('a')).toMatchObject({ modelVersion: 'm1', policyVersion: 'p1' });
    expect(rt.tombstones.get('b')).toMatchObject({ modelVersion: 'm2', policyVersion: 'p2' });
  });

  it('INV-11 a version change naming no version is misuse: not logged, nothing changes', () => {
    const rt = episode(100, { modelVersion: 'm1', policyVersion: 'p1' });

    expect(() => rt.apply({ kind: 'setVersion' })).toThrow(expect.objectContaining({ code: 'BAD_OPERATION', message: expect.stringContaining('modelVersion, policyVersion or both') }));
    expect([rt.modelVersion, rt.policyVersion, rt.log.size, rt.step]).toEqual(['m1', 'p1', 0, 0]);
  });
});

describe('every directive is logged; rejections are surfaced (INV-12)', () => {
  it('INV-12 logs every applied operation, queries and refusals included, with consecutive steps and its outcome', () => {
    const rt = episode(10, FREE_MARKERS);
    const ops: Operation[] = [
      raw('a', 'alpha', { tokens: 4 }),
      raw('b', 'too big', { tokens: 7 }),
      { kind: 'prune', spanId: 'a' },
      { kind: 'lookup', spanId: 'zzz' },
      { kind: 'claim', claim: 'a is true', requiredIds: ['a'] },
      { kind: 'callTool', signature: 'sig', requestId: 'r' },
      { kind: 'compact', threshold: 0.1 },
    ];

    const outcomes = applyAll(rt, ...ops);

    expect(outcomes.map((o) => o.kind)).toEqual(['appended', 'window-full', 'rejected', 'absent', 'substantiated', 'executed', 'compacted']);
    expect(rt.log.size).toBe(ops.length);
    expect(rt.log.all()).toEqual(ops.map((operation, i) => ({ step: i + 1, operation, outcome: outcomes[i] })));
  });

  it('INV-12 every prune outcome carries the backing-store check, evicted or rejected', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha', { persist: true }), raw('b', 'beta'));

    const evicted = applyExpect(rt, { kind: 'prune', spanId: 'a' }, 'evicted');
    const rejected = applyExpect(rt, { kind: 'prune', spanId: 'b' }, 'rejected');

    expect(evicted.check).toEqual({ existence: true, addressable: true, provenance: true, handle: rt.store.handleFor('a') });
    expect(rejected.check).toEqual({ existence: false, addressable: false, provenance: true, handle: undefined });
    expect(rt.log.at(-1)?.outcome).toBe(rejected);
  });

  it('INV-12 a refused directive on a resident span leaves a rejection notice naming the reason and step', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha'), { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'sum' });

    rt.apply({ kind: 'prune', spanId: 'a' });
    expect(rt.observe('a').index).toEqual({ kind: 'rejected', spanId: 'a', reason: 'not-reversible', step: 3 });

    rt.apply({ kind: 'summarize', summaryId: 's2', sourceIds: ['s'], content: 'again' });
    expect(rt.observe('s').index).toEqual({ kind: 'rejected', spanId: 's', reason: 'already-derived', step: 4 });

    rt.apply({ kind: 'restore', spanId: 'a' });
    expect(rt.observe('a').index).toEqual({ kind: 'rejected', spanId: 'a', reason: 'not-recoverable', step: 5 });
    expect(rt.window.indexSize).toBe(2);
  });

  it('INV-12 a later eviction replaces the notice with its marker, and a refusal on an evicted span keeps the marker', () => {
    const rt = episode();
    applyAll(rt, raw('a', 'alpha'), { kind: 'prune', spanId: 'a' }, { kind: 'prune', spanId: 'a', acceptLossy: true });
    const marker = { kind: 'lossy', spanId: 'a', text: 'a: pruned, unrecoverable, contents unknown' };
    expect(rt.observe('a').index).toEqual(marker);

    expect(applyExpect(rt, { kind: 'restore', spanId: 'a' }, 'rejected').reason).toBe('not-recoverable');
    expect(applyExpect(rt, { kind: 'persist', spanId: 'a' }, 'rejected').reason).toBe('not-resident');
    expect(applyExpect(rt, { kind: 'edit', spanId: 'a', content: 'x' }, 'rejected').reason).toBe('not-resident');
    expect(rt.observe('a').index).toEqual(marker);
  });

  it('INV-12 a malformed operation throws and is not logged', () => {
    const rt = episode();
    rt.apply(raw('a', 'alpha'));

    expect(() => rt.apply({ kind: 'prune', spanId: 'ghost' })).toThrow(ModelError);
    expect(rt.log.size).toBe(1);
    expect(rt.step).toBe(1);
  });
});

describe('AuditLog', () => {
  it('records entries in order and reads them by index, negative from the end', () => {
    const log = new AuditLog();
    const first = { step: 1, operation: { kind: 'lookup', spanId: 'x' }, outcome: { kind: 'absent', spanId: 'x' } } as const;
    const second = { step: 2, operation: { kind: 'lookup', spanId: 'y' }, outcome: { kind: 'absent', spanId: 'y' } } as const;

    expect(log.size).toBe(0);
    expect(log.at(0)).toBeUndefined();
    log.record(first);
    log.record(second);
    expect([log.size, log.at(0), log.at(-1), log.at(2)]).toEqual([2, first, second, undefined]);
    expect(log.all()).toEqual([first, second]);
  });
});

describe('the log under random operation sequences (INV-12)', () => {
  it('INV-12 under random operation sequences, each applied operation is the last log entry, and refusals on resident spans are surfaced', () => {
    assertOverEpisodes(FILE, (driver) => {
      const rt = driver.rt;
      return (template) => {
        const op = driver.resolve(template);
        const size = rt.log.size;
        const outcome = driver.apply(op);
        if (outcome instanceof ModelError) {
          expect(rt.log.size).toBe(size);
          return;
        }
        expect(rt.log.size).toBe(size + 1);
        expect(rt.log.at(-1)).toEqual({ step: size + 1, operation: op, outcome });
        if (op.kind === 'prune' && outcome.kind !== 'rejected') expect(outcome).toHaveProperty('check.provenance', rt.store.distinguishesAbsent);
        if (outcome.kind === 'rejected' && rt.window.has(outcome.spanId)) {
          expect(rt.observe(outcome.spanId).index).toEqual({ kind: 'rejected', spanId: outcome.spanId, reason: outcome.reason, step: rt.step });
        }
      };
    });
  });
});
