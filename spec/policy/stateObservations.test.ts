import { describe, expect, it } from 'vitest';
import type { PolicyAdapter } from '../../src/adapters/policy/PolicyAdapter.ts';
import { POLICY_CHECKABLE } from '../../src/adapters/policy/invariantIds.ts';
import { evaluatePolicyRun } from '../../src/check/policy/evaluatePolicyRun.ts';
import type { PolicyCase } from '../../src/gen/policy/PolicyCase.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';
import { runPolicyCase } from '../../src/run/policy/runPolicyCase.ts';
import { archivingWindowAdapter } from '../../src/subjects/policy/archivingWindow.ts';
import { BROKEN_POLICY_PRUNERS } from '../../src/subjects/policy/broken/index.ts';
import { createWindowPruner } from '../../src/subjects/policy/windowPruner.ts';
import { validatePolicyAdapter } from '../../src/adapters/policy/validatePolicyAdapter.ts';

// INV-36…INV-38 judge state only the library shows: observable-or-unknown, and INV-37's scheduled interleavings.
const SEED = 20261130;
const bare: PolicyAdapter = {
  kind: 'policy',
  name: 'bare-window',
  version: '0.1.0',
  description: 'The window pruner without its read cache, arrival queue or report',
  package: 'prunecheck (test)',
  invariants: POLICY_CHECKABLE,
  create: (model, config) => createWindowPruner(model, config),
};
const overwrites = BROKEN_POLICY_PRUNERS.find((b) => b.caughtBy === 'INV-37')?.adapter as PolicyAdapter;

// A user message typed while the round's summary is being written (the fake answers faithfully).
const racing: PolicyCase = {
  system: false,
  turns: [...[1, 2, 3].map(() => ({ kind: 'tool-calls' as const, calls: [{ tool: 'read_log' as const, fails: false, retried: false }] })), { kind: 'arrival', what: 'user' }],
  rounds: 1,
  script: ['faithful'],
  config: { triggerMessages: 4, keepMessages: 2 },
  interleaving: 0,
};

describe('INV-36…INV-38: observable or unknown', () => {
  it('a pruner that exposes no held state, no outcome and declares nothing is unknown: not observable on INV-36, INV-37, INV-38, never passed', async () => {
    const report = await checkPolicyAdapter(bare, { runs: 40, seed: SEED, outDir: false });
    expect(report.verdict).toBe('conformant');
    const status = (id: string) => report.invariants.find((r) => r.invariant === id);
    for (const id of ['INV-36', 'INV-37', 'INV-38']) {
      expect(status(id)?.status, id).toBe('unknown');
      expect(status(id)?.reason, id).toMatch(/^not observable, (expose|declare)/);
    }
    expect(status('INV-17')?.status).toBe('passed');
  });

  it('INV-37 declared synchronous: arrivals reach the pruner with the next step, and none is lost', async () => {
    const report = await checkPolicyAdapter({ ...bare, name: 'sync-window', asynchronousPrune: false }, { runs: 40, seed: SEED, outDir: false });
    expect(report.invariants.find((r) => r.invariant === 'INV-37')?.status).toBe('passed');
    expect(report.situations['arrival-during-compaction'] ?? 0).toBeGreaterThan(0);
  });

  it('asynchronousPrune must be a boolean when present: a loader names the field', () => {
    expect(() => validatePolicyAdapter({ ...bare, asynchronousPrune: 'yes' }, 'my-adapter.ts')).toThrow(/my-adapter\.ts: default export\.asynchronousPrune must be true, false or absent/);
    expect(validatePolicyAdapter({ ...bare, asynchronousPrune: true }, 'my-adapter.ts').asynchronousPrune).toBe(true);
  });

  it('an adapter that declares asynchronousPrune but has no arrive() is an adapter error naming the fix', async () => {
    const run = await runPolicyCase({ ...bare, asynchronousPrune: true }, racing);
    expect(run.adapterError?.message).toMatch(/asynchronousPrune: true, so its system must implement arrive/);
  });
});

describe('INV-37: fast-check scheduler decides the interleaving, from the case', () => {
  it('the same case gives the same interleaving; the arrival lands before the summarizer answers in some, after in others', async () => {
    const orders = new Set<string>();
    for (const interleaving of [0, 1, 2, 3, 4, 5, 6, 7]) {
      const c = { ...racing, interleaving };
      const [a, b] = [await runPolicyCase(archivingWindowAdapter, c), await runPolicyCase(archivingWindowAdapter, c)];
      const order = a.observations[0]?.interleaving;
      expect(order).toEqual(b.observations[0]?.interleaving);
      expect(order).toEqual(expect.arrayContaining(['summarizer answers', 'arrival m7']));
      orders.add(JSON.stringify(order));
      expect(evaluatePolicyRun(a, 'INV-37')).toBeUndefined();
    }
    expect(orders.size).toBe(2);
  });

  it('broken-overwrites-arrivals loses the message only when it lands before the compaction ends; the finding names the scheduler order', async () => {
    const verdicts = new Map<string, boolean>();
    for (const interleaving of [0, 1, 2, 3, 4, 5, 6, 7]) {
      const run = await runPolicyCase(overwrites, { ...racing, interleaving });
      verdicts.set(JSON.stringify(run.observations[0]?.interleaving), evaluatePolicyRun(run, 'INV-37') !== undefined);
    }
    expect(verdicts.get(JSON.stringify(['arrival m7', 'summarizer answers']))).toBe(true);
    expect(verdicts.get(JSON.stringify(['summarizer answers', 'arrival m7']))).toBe(false);
    const report = await checkPolicyAdapter(overwrites, { runs: 80, seed: SEED, outDir: false });
    const found = report.violations.find((v) => v.invariant === 'INV-37');
    expect(found?.because.join(' ')).toMatch(/arrived while round \d+'s prune was running \(the scheduler released, in order: .*arrival m\d+.*\).* it was lost/);
  });
});
