import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { ChoosingRuntime } from '../../../src/subjects/variants/ChoosingRuntime.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { replayCounterexample } from '../../../src/run/runtime/replayCounterexample.ts';
import { testRuntime } from '../../helpers/drive.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-nondeterminism-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
const staleReplica = findBuiltin('stale-replica') as Adapter;

/** Issue problem 3's runtime: compaction breaks ties among equal scores with Math.random. */
const randomTies = testRuntime(
  'random-ties',
  (config) => new ChoosingRuntime(config, { compactionOrder: (candidates) => [...candidates].sort((a, b) => a.score - b.score || Math.random() - 0.5) }),
);

// Issue problem 3: nondeterminism was reported as INV-03, and replay printed identical outcome kinds.
describe('nondeterminism', () => {
  it('breaking compaction ties at random is a legal choice, never INV-03', async () => {
    for (const seed of [1, 2]) {
      const report = await checkAdapter(randomTies, { seed, outDir, examples: false });
      expect(report.verdict, report.violations.map((v) => v.because.join(' / ')).join('\n')).toBe('conformant');
    }
  });

  it('check re-runs a finding on fresh systems and reports diverged, naming the step and the first differing field', async () => {
    const report = await checkAdapter(staleReplica, { seed: 1, outDir, adapterRef: 'stale-replica' });
    expect(report.verdict).toBe('diverged');
    // The trusted claim makes an unbacked span leave reversibly; the sound session refuses it, or (the shrunk trace
    // accepting loss) lets it leave lossily.
    expect(report.error).toMatch(/^nondeterministic: step \d+ answered evicted s\d+ as reversible(; safe claim upheld)? on one run and (rejected \(not-reversible\)|evicted s\d+ as lossy).* on another \(first differing field: (outcome\.kind, "evicted" vs "rejected"|outcome\.mode, "reversible" vs "lossy")\); the INV-03 finding at step \d+ recurred on [0-2] of 3 fresh re-runs of its trace$/);
    expect(report.violations[0]?.invariant).toBe('INV-03');
    expect(report.invariants.find((r) => r.invariant === 'INV-03')).toMatchObject({ status: 'inconclusive', reason: expect.stringMatching(/nondeterministic/) });

    // Replay alternates replicas too: one of two replays diverges, and says which field differs.
    const replays = [await replayCounterexample(report.violations[0]?.counterexample ?? ''), await replayCounterexample(report.violations[0]?.counterexample ?? '')];
    expect(replays.map((r) => r.kind).sort()).toEqual(['diverged', 'reproduced']);
    const diverged = replays.find((r) => r.kind === 'diverged');
    expect(diverged?.detail).toMatch(/step \d+ answered evicted s\d+ as reversible(; safe claim upheld)? in the recorded run and (rejected \(not-reversible\)|evicted s\d+ as lossy).* now \(first differing field: (outcome\.kind, "evicted" vs "rejected"|outcome\.mode, "reversible" vs "lossy")\)/);
  });

  it('--reruns 0 reports the finding as it was found', async () => {
    const report = await checkAdapter(staleReplica, { seed: 2, outDir, reruns: 0 });
    expect([report.verdict, report.violations[0]?.invariant]).toEqual(['violation', 'INV-03']);
  });

  it('a deterministic finding is confirmed on every re-run and stays a violation', async () => {
    const report = await checkAdapter(findBuiltin('trusts-safe-claim') as Adapter, { seed: 1, outDir, reruns: 5 });
    expect([report.verdict, report.violations[0]?.invariant]).toEqual(['violation', 'INV-03']);
  });
});
