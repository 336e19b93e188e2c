import { describe, expect, it } from 'vitest';
import { ContextOverflowError } from '../../src/adapters/ContextOverflowError.ts';
import { ConservativeRuntime } from '../../src/subjects/conservative/ConservativeRuntime.ts';
import { NaiveRuntime, NAIVE_SUMMARY_DECAY } from '../../src/subjects/naive/NaiveRuntime.ts';
import { naiveAdapter } from '../../src/subjects/naive/naive.ts';
import { OPERATION_KINDS } from '../../src/model/Operation.ts';

const raw = (id: string, tokens: number, score = 0.5, persist = false) => ({ kind: 'append' as const, span: { id, kind: 'raw' as const, content: `${id} content`, tokens, score, persist } });

describe('NaiveRuntime (the failing baseline)', () => {
  it('prunes with no gate and answers absent for a pruned id (breaks INV-03, INV-04)', () => {
    const rt = new NaiveRuntime({ capacity: 100 });
    rt.apply(raw('block_7', 40, 0.5, true));
    rt.apply({ kind: 'rotate' });
    expect(rt.apply({ kind: 'prune', spanId: 'block_7' })).toMatchObject({ kind: 'evicted', mode: 'reversible' });
    expect(rt.apply({ kind: 'lookup', spanId: 'block_7' })).toEqual({ kind: 'absent', spanId: 'block_7' });
    expect(rt.observe(['block_7'])[0]).toMatchObject({ resident: undefined, tombstone: undefined, index: undefined });
  });

  it('executes every side-effecting call, even a repeated signature (breaks INV-09)', () => {
    const rt = new NaiveRuntime({ capacity: 100 });
    const call = { kind: 'callTool' as const, signature: 'POST /charge', requestId: 'r1' };
    expect(rt.apply(call).kind).toBe('executed');
    expect(rt.apply({ ...call, requestId: 'r2' }).kind).toBe('executed');
  });

  it('lowers summarized sources and trusts summaries as evidence (breaks INV-14, INV-10)', () => {
    const rt = new NaiveRuntime({ capacity: 100 });
    rt.apply(raw('out', 40, 0.5));
    rt.apply({ kind: 'summarize', summaryId: 's', sourceIds: ['out'], content: 'gist', tokens: 5, score: 0.9 });
    expect(rt.observe(['out'])[0]?.resident?.score).toBeCloseTo(0.5 * NAIVE_SUMMARY_DECAY);
    expect(rt.apply({ kind: 'claim', claim: 'gist', requiredIds: ['s'] }).kind).toBe('substantiated');
    expect(rt.apply({ kind: 'compact', threshold: 0.3 })).toMatchObject({ evicted: [{ spanId: 'out' }], refused: [] });
  });

  it('evicts silently at capacity instead of answering window-full (breaks INV-13)', () => {
    const rt = new NaiveRuntime({ capacity: 100 });
    rt.apply(raw('a', 60, 0.1));
    expect(rt.apply(raw('b', 60, 0.9)).kind).toBe('appended');
    expect(rt.used).toBe(60);
    expect(rt.apply({ kind: 'lookup', spanId: 'a' }).kind).toBe('absent');
    expect(rt.apply(raw('huge', 101)).kind).toBe('window-full');
  });

  it('restores from its log while the copy lasts, and refuses malformed operations', () => {
    const rt = new NaiveRuntime({ capacity: 100 });
    rt.apply(raw('a', 10, 0.5, true));
    rt.apply({ kind: 'prune', spanId: 'a' });
    expect(rt.apply({ kind: 'restore', spanId: 'a' }).kind).toBe('restored');
    expect(() => rt.apply(raw('a', 10))).toThrow(/already used/);
  });

  it('is a built-in adapter claiming every operation', async () => {
    expect(naiveAdapter.capabilities.operations).toEqual(OPERATION_KINDS);
    const system = await naiveAdapter.create({ capacity: 50 });
    expect((await system.apply(raw('x', 5))).kind).toBe('appended');
  });
});

describe('ConservativeRuntime (the inverse failure)', () => {
  it('refuses a lossy prune it cannot verify and throws a context overflow at the ceiling (breaks INV-13)', () => {
    const rt = new ConservativeRuntime({ capacity: 100 });
    rt.apply(raw('a', 80));
    expect(rt.apply({ kind: 'prune', spanId: 'a', acceptLossy: true })).toMatchObject({ kind: 'rejected', reason: 'not-reversible' });
    expect(() => rt.apply(raw('b', 30))).toThrow(ContextOverflowError);
    // 80 tokens of a and its refusal notice (15, INV-29): b never got in.
    expect(rt.window.used).toBe(95);
  });

  it('still evicts what it can verify', () => {
    const rt = new ConservativeRuntime({ capacity: 100 });
    rt.apply(raw('a', 80, 0.5, true));
    expect(rt.apply({ kind: 'prune', spanId: 'a' })).toMatchObject({ kind: 'evicted', mode: 'reversible' });
  });
});

describe('NaiveRuntime edits', () => {
  it('makes room for a grown span by silently evicting others, and refuses one larger than the window', () => {
    const rt = new NaiveRuntime({ capacity: 100 });
    rt.apply(raw('a', 40, 0.1));
    rt.apply(raw('b', 40, 0.9));
    expect(rt.apply({ kind: 'edit', spanId: 'b', content: 'x'.repeat(320) })).toEqual({ kind: 'edited', spanId: 'b', tokens: 80 });
    expect(rt.observe(['a', 'b']).map((o) => o.resident?.tokens)).toEqual([undefined, 80]);
    expect(rt.apply({ kind: 'edit', spanId: 'b', content: 'x'.repeat(404) }).kind).toBe('window-full');
    expect(rt.apply({ kind: 'edit', spanId: 'a', content: 'y' })).toMatchObject({ kind: 'rejected', reason: 'not-resident' });
  });
});

describe('NaiveRuntime: its log, versions and re-frames', () => {
  it('persists only what is resident, and rotates every copy or the named ones', () => {
    const rt = new NaiveRuntime({ capacity: 100 });
    rt.apply(raw('a', 10));
    rt.apply(raw('b', 10));
    rt.apply(raw('zz', 10));
    rt.apply({ kind: 'prune', spanId: 'zz' });
    expect(rt.apply({ kind: 'persist', spanId: 'zz' })).toEqual({ kind: 'rejected', spanId: 'zz', reason: 'not-resident' });
    expect(rt.apply({ kind: 'persist', spanId: 'a' })).toEqual({ kind: 'persisted', spanId: 'a', handle: 'log://a' });
    rt.apply({ kind: 'persist', spanId: 'b' });
    expect(rt.apply({ kind: 'rotate', spanIds: ['b'] })).toEqual({ kind: 'rotated', expired: ['b'] });
    // b's copy is already gone: a later rotation expires only a.
    expect(rt.apply({ kind: 'rotate' })).toEqual({ kind: 'rotated', expired: ['a'] });
    rt.apply({ kind: 'prune', spanId: 'a' });
    expect(rt.apply({ kind: 'restore', spanId: 'a' })).toEqual({ kind: 'rejected', spanId: 'a', reason: 'not-recoverable' });
  });

  it('restores whatever its log holds now: an overwritten copy comes back changed (what INV-02 forbids)', () => {
    const rt = new NaiveRuntime({ capacity: 100 });
    rt.apply(raw('a', 10, 0.5, true));
    rt.apply({ kind: 'prune', spanId: 'a' });
    expect(rt.apply({ kind: 'overwrite', spanId: 'a', content: 'other bytes' })).toEqual({ kind: 'overwritten', spanId: 'a' });
    expect(rt.apply({ kind: 'restore', spanId: 'a' })).toEqual({ kind: 'restored', spanId: 'a' });
    expect(rt.observe(['a'])[0]?.resident?.content).toBe('other bytes');
    // A resident span is not restored again; an overwrite of a span never logged leaves nothing to restore.
    expect(rt.apply({ kind: 'restore', spanId: 'a' })).toMatchObject({ kind: 'rejected', reason: 'not-recoverable' });
    rt.apply(raw('never', 10));
    expect(rt.apply({ kind: 'overwrite', spanId: 'never', content: 'x' })).toEqual({ kind: 'overwritten', spanId: 'never' });
    rt.apply({ kind: 'prune', spanId: 'never' });
    expect(rt.apply({ kind: 'restore', spanId: 'never' })).toMatchObject({ kind: 'rejected', reason: 'not-recoverable' });
  });

  it('keeps versions set by steps, re-scores on a re-frame without flooring anything, and refuses directives on what is not resident', () => {
    const rt = new NaiveRuntime({ capacity: 100, modelVersion: 'm1', policyVersion: 'p1' });
    expect(rt.apply({ kind: 'setVersion', policyVersion: 'p2' })).toEqual({ kind: 'versioned', modelVersion: 'm1', policyVersion: 'p2' });
    rt.apply(raw('a', 10, 0.5));
    rt.apply(raw('gone', 10, 0.5));
    rt.apply({ kind: 'prune', spanId: 'gone' });
    expect(rt.apply({ kind: 'reframe', frame: 'new task', scores: { a: 0.9, gone: 0.1 } })).toEqual({ kind: 'reframed', frame: 'new task', floored: [], derivable: [] });
    expect(rt.observe(['a'])[0]?.resident?.score).toBe(0.9);
    expect(rt.apply({ kind: 'prune', spanId: 'gone' })).toEqual({ kind: 'rejected', spanId: 'gone', reason: 'not-resident' });
    expect(rt.apply({ kind: 'summarize', summaryId: 's', sourceIds: ['a', 'gone'], content: 'x' })).toEqual({ kind: 'rejected', spanId: 'gone', reason: 'not-resident' });
    expect(rt.apply({ kind: 'summarize', summaryId: 's2', sourceIds: ['a'], content: 'x', tokens: 500 }).kind).toBe('window-full');
    // An eviction it believes derivable: a derived span it never logged.
    rt.apply({ kind: 'append', span: { id: 'd', kind: 'derived', content: 'from a', sources: ['a'], tokens: 5 } });
    expect(rt.apply({ kind: 'prune', spanId: 'd' })).toMatchObject({ kind: 'evicted', mode: 'derivable', handle: undefined, tombstone: { modelVersion: 'm1', policyVersion: 'p2', derivationChain: ['a'] } });
  });
});
