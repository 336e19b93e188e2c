import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';
import { conservativeAdapter } from '../../src/subjects/conservative/conservative.ts';
import { naiveAdapter } from '../../src/subjects/naive/naive.ts';
import { referenceAdapter } from '../../src/subjects/reference.ts';
import { listScenarios, loadScenario } from '../../src/scenario/loadScenario.ts';
import { runScenario } from '../../src/scenario/runScenario.ts';
import type { Scenario } from '../../src/scenario/Scenario.ts';
import type { ScenarioRun } from '../../src/scenario/ScenarioRun.ts';

const byName = { reference: referenceAdapter, naive: naiveAdapter, conservative: conservativeAdapter } as const;
const run = (name: string, runtime: keyof typeof byName): Promise<ScenarioRun> => runScenario(loadScenario(name), byName[runtime]);
const probe = (r: ScenarioRun, failure: string) => r.probes.find((p) => p.failure === failure && p.status !== 'not-reached');
const at = (r: ScenarioRun, turn: number, kind: string) => r.entries.filter((e) => e.turn === turn && e.kind === kind);

describe('the shipped scenarios', () => {
  it('are the four incidents of the issue and the re-frame of a derived span, each meeting its expectation on every runtime it names', async () => {
    expect(listScenarios()).toEqual(['overflow-inverse', 'reframe-derived-flip', 'reframe-hallucinated-constraint', 'rotated-log-identifier-loss', 'turn-90-duplicate-side-effect']);
    for (const name of listScenarios()) {
      const scenario = loadScenario(name);
      expect(Object.keys(scenario.expect).sort()).toEqual(['conservative', 'naive', 'reference']);
      for (const runtime of Object.keys(scenario.expect) as (keyof typeof byName)[]) {
        const result = await runScenario(scenario, byName[runtime]);
        expect({ name, runtime, met: result.met, checks: result.checks.filter((c) => !c.met), unexpected: result.unexpected }).toEqual({ name, runtime, met: true, checks: [], unexpected: [] });
      }
    }
  });

  it('are deterministic: the same scenario on the same runtime gives the same run', async () => {
    for (const name of listScenarios()) expect(await run(name, 'naive')).toEqual(await run(name, 'naive'));
  });
});

describe('seed 000: the turn-90 duplicate side effect', () => {
  const name = 'turn-90-duplicate-side-effect';

  it('prunes first at turn 55, at 85 % of 32k, replacing a 12-turn span holding the turn-40 error by a 200-token summary that omits the request id and retry-after', async () => {
    const r = await run(name, 'naive');
    expect(r.entries.filter((e) => e.kind === 'pass').map((e) => e.turn)).toEqual([55, 120, 147, 169]);
    const summary = at(r, 55, 'summary');
    expect(summary).toHaveLength(1);
    expect(summary[0]?.text).toMatch(/^s55 \(200 tok\) summarizes err-40…t51 \(12 spans\)/);
    const s55 = r.operations.find((op) => op.kind === 'summarize' && op.summaryId === 's55');
    expect(s55?.kind === 'summarize' && s55.content).toMatch(/an upstream payouts call returned a structured error; the next action succeeded on another path/);
    expect(s55?.kind === 'summarize' && s55.content).not.toMatch(/req-7f3a9c|retry|30/);
    expect(at(r, 55, 'evict').map((e) => e.text.split(' ')[0])).toContain('err-40');
  });

  it('naive: the retry at turn 90 executes again (duplicate side effect), and evictions leave no tombstone', async () => {
    const r = await run(name, 'naive');
    expect(probe(r, 'duplicate-side-effect')).toMatchObject({ turn: 90, status: 'failed' });
    expect(r.entries.filter((e) => e.kind === 'tombstone')).toHaveLength(0);
  });

  it('reference: INV-09 — the turn-40 call timed out (outcome unknown), so the ledger answers unreconciled at turn 90 although every span naming the request was evicted', async () => {
    const r = await run(name, 'reference');
    expect(probe(r, 'duplicate-side-effect')).toMatchObject({ turn: 90, status: 'prevented', mechanisms: ['INV-09'] });
    expect(probe(r, 'duplicate-side-effect')?.detail).toMatch(/unreconciled: the outcome of req-7f3a9c .* is unknown/);
    expect(r.entries.filter((e) => e.kind === 'tombstone').length).toBe(r.entries.filter((e) => e.kind === 'evict').length);
  });

  it('retries are not duplicates (SPEC 1.1): the 429 at turn 92 is retried too soon at 93 (refused on the reference, sent on naive) and correctly after its retry-after at 97 (sent on both)', async () => {
    const reference = await run(name, 'reference');
    expect(probe(reference, 'ignored-retry-after')).toMatchObject({ turn: 93, status: 'prevented', mechanisms: ['INV-09'] });
    expect(probe(reference, 'ignored-retry-after')?.detail).toMatch(/too-soon: req-a1c402 failed at t=920s with retry-after 45s; retry at t=965s/);
    expect(probe(reference, 'retry-refused')).toMatchObject({ turn: 97, status: 'ok' });
    const naive = await run(name, 'naive');
    expect(probe(naive, 'ignored-retry-after')).toMatchObject({ turn: 93, status: 'failed' });
    expect(probe(naive, 'retry-refused')).toMatchObject({ turn: 97, status: 'ok' });
    const duplicates = await runScenario(loadScenario(name), findBuiltin('retries-are-duplicates') as Adapter);
    expect(probe(duplicates, 'retry-refused')).toMatchObject({ turn: 97, status: 'failed' });
    expect(duplicates.met).toBe(false);
  });

  it('self-reinforcement (SPEC 1.1): at the pass of turn 147 the false summary outranks the error it misdescribes on naive, and cannot on the reference (INV-27)', async () => {
    const naive = await run(name, 'naive');
    expect(probe(naive, 'self-reinforcing-summary')).toMatchObject({ turn: 147, status: 'failed' });
    expect(probe(naive, 'self-reinforcing-summary')?.detail).toMatch(/^s120, stating .* scores 0\.95, above the [0-9.]+ of err-90/);
    const reference = await run(name, 'reference');
    expect(probe(reference, 'self-reinforcing-summary')).toMatchObject({ turn: 147, status: 'prevented', mechanisms: ['INV-27'] });
  });

  it('the turn-120 summary fabricates "handled rate limiting by backing off", survives two further prunings, and is accepted by naive (INV-10 refuses it on the reference)', async () => {
    const naive = await run(name, 'naive');
    expect(at(naive, 120, 'summary')[0]?.text).toMatch(/^s120 .*err-90.* FABRICATED: "handled rate limiting by backing off"$/);
    expect(at(naive, 120, 'summary').slice(1).every((e) => !e.text.includes('FABRICATED'))).toBe(true);
    expect(at(naive, 178, 'claim')[0]?.text).toMatch(/resting on s120 → substantiated/);
    expect(probe(naive, 'fabricated-claim-accepted')).toMatchObject({ turn: 178, status: 'failed' });
    const reference = await run(name, 'reference');
    expect(at(reference, 178, 'claim')[0]?.text).toMatch(/resting on s120 → derived-only/);
    expect(probe(reference, 'fabricated-claim-accepted')).toMatchObject({ status: 'prevented', mechanisms: ['INV-10'] });
  });
});

describe('seed 001: the re-frame hallucinated constraint', () => {
  const name = 'reframe-hallucinated-constraint';

  it('naive: the digest decays the 40k raw output below the threshold, compaction evicts it, step 9 reconstructs a wrong constraint and step 11 fixes it', async () => {
    const r = await run(name, 'naive');
    expect(at(r, 4, 'summary')[0]?.text).toMatch(/digest-4 \(600 tok\).*schema mismatch/);
    expect(at(r, 4, 'summary')[0]?.text).not.toMatch(/orders_total_cents_nonneg/);
    expect(at(r, 4, 'rescore').map((e) => e.text)).toEqual(["writing digest-4 changed migration-3's retention score 0.715 → 0.143"]);
    expect(at(r, 7, 'evict').map((e) => e.text.split(' ')[0])).toContain('migration-3');
    const step9 = probe(r, 'hallucinated-constraint');
    expect(step9).toMatchObject({ turn: 9, status: 'failed' });
    expect(step9?.detail).toMatch(/absent; no gap registered; the model reconstructs "(?!orders_total_cents_nonneg)/);
    expect(probe(r, 'wrong-fix')).toMatchObject({ turn: 11, status: 'failed' });
  });

  it('reference: INV-14 — the summary leaves the raw output\'s score alone, so it stays resident and the exact constraint is read', async () => {
    const r = await run(name, 'reference');
    expect(at(r, 7, 'evict').map((e) => e.text.split(' ')[0])).not.toContain('migration-3');
    expect(at(r, 4, 'rescore')).toEqual([]);
    expect(probe(r, 'hallucinated-constraint')).toMatchObject({ turn: 9, status: 'prevented', mechanisms: ['INV-14'] });
    expect(probe(r, 'hallucinated-constraint')?.detail).toMatch(/reads "orders_total_cents_nonneg"/);
    expect(probe(r, 'wrong-fix')).toMatchObject({ turn: 11, status: 'prevented' });
  });

  it('reference: INV-07 — with the raw output already scored below the threshold, the floor refuses its eviction (mechanism read from the run, not declared)', async () => {
    const base = loadScenario(name);
    const timeline = base.timeline.map((e) => (e.kind === 'observe' && e.id === 'migration-3' ? { ...e, relevance: 0.1 } : e));
    const variant: Scenario = { ...base, timeline };
    const reference = await runScenario(variant, referenceAdapter);
    expect(at(reference, 7, 'reject')[0]?.text).toBe('compact refused to evict migration-3');
    expect(probe(reference, 'hallucinated-constraint')).toMatchObject({ status: 'prevented', mechanisms: ['INV-07', 'INV-14'] });
    const naive = await runScenario(variant, naiveAdapter);
    expect(probe(naive, 'hallucinated-constraint')).toMatchObject({ turn: 9, status: 'failed' });
  });
});

describe('seed 001: a derived span whose derivability a re-frame flips (INV-08)', () => {
  const name = 'reframe-derived-flip';

  it('reference: INV-08 — the re-frame floors the derived constraint, so the compaction after it refuses it while the logged spans leave reversibly, and step 9 reads the exact constraint', async () => {
    const r = await run(name, 'reference');
    expect(at(r, 8, 'reframe')[0]?.text).toMatch(/floored constraint-5$/);
    expect(at(r, 8, 'reject').map((e) => e.text)).toEqual(['compact refused to evict constraint-5']);
    expect(at(r, 8, 'evict').map((e) => e.text.split(' ')[0]).sort()).toEqual(['log-8', 'migration-3', 'src-6', 'src-7']);
    expect(at(r, 8, 'tombstone')).toHaveLength(4);
    expect(probe(r, 'hallucinated-constraint')).toMatchObject({ turn: 9, status: 'prevented', mechanisms: ['INV-08'] });
    expect(probe(r, 'hallucinated-constraint')?.detail).toMatch(/reads "orders_total_cents_nonneg"/);
    expect(probe(r, 'wrong-fix')).toMatchObject({ turn: 11, status: 'prevented', mechanisms: ['INV-08'] });
  });

  it('naive: the re-frame invalidates nothing, the compaction evicts the constraint with the rest (no tombstone), step 9 reconstructs a wrong one and step 11 fixes it', async () => {
    const r = await run(name, 'naive');
    expect(at(r, 8, 'reframe')[0]?.text).not.toMatch(/floored/);
    expect(at(r, 8, 'evict').map((e) => e.text.split(' ')[0])).toContain('constraint-5');
    expect(at(r, 8, 'tombstone')).toEqual([]);
    expect(probe(r, 'hallucinated-constraint')).toMatchObject({ turn: 9, status: 'failed' });
    expect(probe(r, 'wrong-fix')).toMatchObject({ turn: 11, status: 'failed' });
  });

  it('the flip is what matters: before the re-frame the same compaction evicts the constraint as derivable, and the reference answers the lookup from its sources', async () => {
    const base = loadScenario(name);
    // The re-frame moved after the need: the compaction at step 8 runs under the frame the derivation was declared in.
    const timeline = [...base.timeline.filter((e) => e.kind !== 'reframe' && e.turn < 11), { kind: 'reframe' as const, turn: 11, frame: 'explain which constraint the migration violated' }, ...base.timeline.filter((e) => e.turn === 11)];
    const reference = await runScenario({ ...base, timeline }, referenceAdapter);
    expect(at(reference, 8, 'evict').map((e) => e.text)).toContain('constraint-5 (800 tok) evicted derivable');
  });

  it('no-reframe-invalidation, the zoo member that keeps old derivations after a re-frame, evicts the constraint as derivable and fails step 9', async () => {
    const broken = findBuiltin('no-reframe-invalidation') as Adapter;
    const r = await runScenario(loadScenario(name), broken);
    expect(at(r, 8, 'evict').map((e) => e.text)).toContain('constraint-5 (800 tok) evicted derivable');
    expect(r.met).toBe(false);
  });
});

describe('scenario traces', () => {
  it('each scenario yields the operation trace it issued on the reference, replayable as plain operations on a fresh reference (an explicit example for the checker)', async () => {
    const { scenarioTrace } = await import('../../src/scenario/runScenario.ts');
    const { ReferenceRuntime } = await import('../../src/model/ReferenceRuntime.ts');
    for (const name of listScenarios()) {
      const scenario = loadScenario(name);
      const trace = await scenarioTrace(scenario);
      expect(trace.length).toBeGreaterThan(10);
      const config = scenario.window.storeDistinguishesAbsent === undefined ? { capacity: scenario.window.capacity } : { capacity: scenario.window.capacity, storeDistinguishesAbsent: scenario.window.storeDistinguishesAbsent };
      const replayed = new ReferenceRuntime(config);
      const outcomes = trace.map((op) => replayed.apply(op).kind);
      expect(outcomes.filter((kind) => kind === 'evicted' || kind === 'compacted').length).toBeGreaterThan(0);
      expect(trace.some((op) => op.kind === 'lookup' || op.kind === 'claim' || op.kind === 'callTool')).toBe(true);
    }
  });
});
