import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NONDETERMINISTIC_ZOO, ZOO_ADAPTERS, ZOO_EXPECTATIONS } from '../../src/adapters/zoo/index.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';

const SEEDS = Array.from({ length: 36 }, (_, i) => i + 1);

/**
 * The longest shrunk counterexample of each member over seeds 1–36, measured before the engine adopted the
 * choices SPEC.md §7 leaves open (main at 6ad83b8); adopting must not make any longer.
 */
const LONGEST_BEFORE: Readonly<Record<string, number>> = {
  'no-external-tombstone': 3,
  'tombstone-in-window-only': 2,
  'digest-wrong-bytes': 3,
  'ignores-content-change': 6,
  'trusts-safe-claim': 2,
  'checks-store-at-summarize': 6,
  'lossy-without-marker': 2,
  'answers-absent-for-pruned': 5,
  'resummarizes-without-chain': 3,
  'raw-derivable': 4,
  'no-raw-floor': 2,
  'no-reframe-invalidation': 3,
  'retries-not-deduplicated-after-eviction': 2,
  'tombstone-counts-as-evidence': 8,
  'version-not-recorded': 3,
  'rejections-not-surfaced': 3,
  'crashes-when-full': 13,
  'summary-lowers-sources': 3,
  'half-applied-rejection': 5,
  // Joined with INV-27 (SPEC 1.1), after the engine adopted choices: measured then, at seeds 1–36.
  'summary-outranks-sources': 2,
};

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-zoo36-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// The recorded incident scenarios are the same at every seed: they run with the first one only.
const options = (seed: number) => ({ seed, outDir, examples: seed === 1 });

describe('the broken zoo at 36 seeds', () => {
  it.each(ZOO_ADAPTERS.map((adapter) => [ZOO_EXPECTATIONS[adapter.name] as string, adapter.name, adapter] as const))(
    '%s %s is caught on its invariant at every seed 1–36, no counterexample longer than before',
    async (invariant, name, adapter) => {
      for (const seed of SEEDS) {
        const report = await checkAdapter(adapter, options(seed));
        const found = report.violations.find((v) => v.invariant === invariant);
        expect([report.verdict, found?.invariant], `${name} at seed ${seed}: ${report.violations.map((v) => `${v.invariant}: ${v.because.join(' / ')}`).join('; ')}`).toEqual(['violation', invariant]);
        expect(found?.traceLength, `${name} at seed ${seed}`).toBeLessThanOrEqual(LONGEST_BEFORE[name] ?? 0);
      }
    },
    120_000,
  );

  it.each(NONDETERMINISTIC_ZOO.map(([adapter, invariant]) => [adapter.name, invariant, adapter] as const))('%s is diverged at every seed 1–36, never a plain %s violation', async (name, invariant, adapter) => {
    for (const seed of SEEDS) {
      const report = await checkAdapter(adapter, options(seed));
      expect([report.verdict, report.violations[0]?.invariant], `${name} at seed ${seed}: ${report.error ?? ''}`).toEqual(['diverged', invariant]);
      expect(report.error).toMatch(/^nondeterministic: step \d+ answered .+ on one run and .+ on another \(first differing field: /);
    }
  }, 120_000);
});
