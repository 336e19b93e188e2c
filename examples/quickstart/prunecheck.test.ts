// prunecheck.test.ts: the same checks from your own test suite (vitest here; any runner works).
import { describe, expect, it } from 'vitest';
import { checkAdapter } from 'prunecheck';
import pruneAdapter from './prune-adapter.ts';
import runtimeAdapter from './runtime-adapter.ts';

describe('context pruning', () => {
  it('the runtime conforms to the prunecheck spec', async () => {
    const report = await checkAdapter(runtimeAdapter, { runs: 100, seed: 1 });
    // On failure this prints each invariant, its because chain and the command that replays it.
    expect(report.violations.map((v) => `${v.invariant}: ${v.because.join(' ')} (${v.replay})`)).toEqual([]);
    expect(report.verdict).toBe('conformant');
  }, 120_000);

  it('the pruner breaks nothing but its known finding', async () => {
    const report = await checkAdapter(pruneAdapter, { seed: 1 });
    expect(report.mode).toBe('policy');
    expect(report.violations.map((v) => `${v.invariant} (${v.replay})`)).toEqual(['INV-17 (npx prunecheck replay reports/counterexamples/keep-last-INV-17-1.json --adapter ./prune-adapter.ts)']);
  }, 120_000);
});
