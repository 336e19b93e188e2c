// prunecheck.test.ts: the same checks from your own test suite (vitest here; any runner works).
import { expect, it } from 'vitest';
import { checkAdapter } from 'prunecheck';
import pruneAdapter from './prune-adapter.ts';
import runtimeAdapter from './runtime-adapter.ts';

it('the pruner breaks nothing but its known finding', async () => {
  const report = await checkAdapter(pruneAdapter, { seed: 1, expectations: 'prunecheck.expectations.json' });
  // On failure: which findings are new, and the command that replays each.
  expect(report.expectations?.passed, [report.expectations?.summary, ...report.violations.map((v) => v.replay)].join('\n')).toBe(true);
}, 120_000);

it('the runtime conforms to the prunecheck spec', async () => {
  const report = await checkAdapter(runtimeAdapter, { runs: 200, seed: 1 });
  // On failure this prints each invariant, its because chain and the command that replays it.
  expect(report.violations.map((v) => `${v.invariant}: ${v.because.join(' ')} (${v.replay})`)).toEqual([]);
  expect(report.verdict).toBe('conformant');
}, 120_000);
