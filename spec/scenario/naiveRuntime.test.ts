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
