import { describe, expect, it } from 'vitest';
import { conservativeAdapter } from '../../src/subjects/conservative/conservative.ts';
import { naiveAdapter } from '../../src/subjects/naive/naive.ts';
import { referenceAdapter } from '../../src/subjects/reference.ts';
import { runtimeAdapter } from '../../src/adapters/runtimeAdapter.ts';
import { ReferenceRuntime } from '../../src/model/ReferenceRuntime.ts';
import { judgeRun } from '../../src/scenario/judgeRun.ts';
import { loadScenario } from '../../src/scenario/loadScenario.ts';
import { runScenario } from '../../src/scenario/runScenario.ts';
import type { ScenarioRun } from '../../src/scenario/ScenarioRun.ts';

const probe = (r: ScenarioRun, failure: string) => r.probes.find((p) => p.failure === failure && p.status !== 'not-reached');
const at = (r: ScenarioRun, turn: number, kind: string) => r.entries.filter((e) => e.turn === turn && e.kind === kind);

describe('seed 002: the rotated-log identifier loss', () => {
  const scenario = loadScenario('rotated-log-identifier-loss');

  it('naive: prune(block_7, replace_with=digest) at turn N=47 frees 9k tokens; at N+5 the lookup is empty and read as "never existed"', async () => {
    const r = await runScenario(scenario, naiveAdapter);
    expect(at(r, 30, 'rotate')[0]?.text).toMatch(/expired/);
    expect(at(r, 47, 'evict').map((e) => e.text)).toEqual(['block_7 (9000 tok) evicted reversible']);
    expect(at(r, 47, 'tombstone')).toEqual([]);
    expect(at(r, 52, 'lookup')[0]?.text).toBe('lookup block_7 → absent');
    expect(probe(r, 'never-existed')).toMatchObject({ turn: 52, status: 'failed' });
    expect(probe(r, 'never-existed')?.detail).toMatch(/req-51c0d2 never existed/);
  });

  it('reference: INV-03 — the runtime checks the backing store at execution time, finds the copy rotated out, rejects the prune and surfaces it', async () => {
    const r = await runScenario(scenario, referenceAdapter);
    expect(at(r, 47, 'reject')[0]?.text).toBe('prune block_7 rejected: not-reversible (existence false, addressable true, provenance true)');
    expect(probe(r, 'never-existed')).toMatchObject({ turn: 52, status: 'prevented' });
    expect(probe(r, 'never-existed')?.mechanisms).toContain('INV-03');
    expect(probe(r, 'never-existed')?.detail).toMatch(/reads "req-51c0d2"/);
  });

  it('a runtime the file does not name is judged by the reference expectation', async () => {
    const custom = runtimeAdapter('my-runtime', 'the reference under another name', (config) => new ReferenceRuntime(config));
    const r = await runScenario(scenario, custom);
    expect(r.expectationsOf).toBe('reference');
    expect(r.met).toBe(true);
    const naive = await runScenario(scenario, naiveAdapter);
    const judged = judgeRun(scenario, 'my-runtime', naive.probes);
    expect(judged.met).toBe(false);
    expect(judged.checks[0]?.because).toMatch(/expected never-existed prevented by INV-03 at 52, but: failed/);
    expect(judged.unexpected.map((p) => p.failure)).toEqual(['never-existed']);
  });
});

describe('seed 002, the inverse: overflow of a conservative pruner', () => {
  const scenario = loadScenario('overflow-inverse');

  it('conservative: takes provenance from a store that cannot tell expired from absent, so refuses every prune, reaches the ceiling and throws a context overflow at turn 58, a turn sooner than in 1.0 since its refusal notices cost tokens (INV-29); the episode ends', async () => {
    const r = await runScenario(scenario, conservativeAdapter);
    expect(r.entries.filter((e) => e.kind === 'evict')).toEqual([]);
    expect(r.crash).toEqual({ turn: 58, message: "ContextOverflowError: context overflow: 't58' needs 400 tokens, 23960/24000 used" });
    expect(probe(r, 'context-overflow')).toMatchObject({ turn: 58, status: 'failed' });
    expect(r.probes.find((p) => p.failure === 'never-existed')).toMatchObject({ turn: 75, status: 'not-reached' });
  });

  it('reference: deploy-3 leaves reversibly through its verified copy (the tombstone store gives provenance, D-23); at turn 59 an append answers window-full (INV-13; markers and notices in the window cost 15 tokens a line, INV-29), the agent accepts loss with an in-window tombstone and the episode continues; at 69 one span given up leaves too little room, its marker taking 15 of it, and a second goes; deploy-3 is recoverable at 75', async () => {
    const r = await runScenario(scenario, referenceAdapter);
    expect(r.crash).toBeUndefined();
    expect(at(r, 51, 'evict').map((e) => e.text)).toEqual(['deploy-3 (600 tok) evicted reversible']);
    expect(at(r, 58, 'window-full')).toEqual([]);
    expect(at(r, 59, 'window-full')[0]?.text).toMatch(/append t59 needs 400 tok, 23960\/24000 used: answered window-full/);
    expect(at(r, 59, 'evict').map((e) => e.text)).toEqual([expect.stringMatching(/^t\d+ \(400 tok\) evicted lossy$/)]);
    expect(at(r, 59, 'tombstone')).toHaveLength(1);
    expect(probe(r, 'context-overflow')).toMatchObject({ turn: 59, status: 'prevented', mechanisms: ['INV-13'] });
    expect(at(r, 69, 'window-full').map((e) => e.text)).toEqual([expect.stringMatching(/23990\/24000 used/), expect.stringMatching(/23605\/24000 used/)]);
    expect(at(r, 69, 'evict')).toHaveLength(2);
    expect(probe(r, 'absence-asserted')).toMatchObject({ turn: 74, status: 'prevented', mechanisms: ['INV-28'] });
    expect(at(r, 75, 'lookup')[0]?.text).toBe('lookup deploy-3 → recoverable');
    expect(probe(r, 'never-existed')).toMatchObject({ turn: 75, status: 'prevented', mechanisms: ['INV-03', 'INV-04'] });
    expect(r.occupancy.every((s) => s.used <= scenario.window.capacity)).toBe(true);
  });

  it('naive: never overflows (it evicts without a gate) and later reads the lost build id as never existing', async () => {
    const r = await runScenario(scenario, naiveAdapter);
    expect(r.crash).toBeUndefined();
    expect(probe(r, 'never-existed')).toMatchObject({ turn: 75, status: 'failed' });
    expect(probe(r, 'absence-asserted')).toMatchObject({ turn: 74, status: 'failed' });
  });
});
