import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NONDETERMINISTIC_ZOO, ZOO_ADAPTERS, ZOO_EXPECTATIONS } from '../../../src/subjects/zoo/index.ts';
import { MINIMAL_TRACES } from '../../../src/subjects/zoo/minimalTraces.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';

const SEEDS = Array.from({ length: 36 }, (_, i) => i + 1);

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-zoo36-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// The recorded incident scenarios are the same at every seed: they run with the first one only.
const options = (seed: number) => ({ seed, outDir, examples: seed === 1 });

/**
 * Shrinking to the minimum (issue 11): every shrunk counterexample is at most one step longer than the hand-computed
 * minimal trace (src/subjects/zoo/minimalTraces.ts), and never shorter (that would mean the table is wrong).
 */
const withinMinimal = (name: string, seed: number, length: number | undefined): void => {
  const minimal = MINIMAL_TRACES[name]?.length;
  expect(minimal, `${name} has a minimal trace in the table`).toBeDefined();
  expect(length, `${name} at seed ${seed}: shrunk to ${String(length)}, minimal ${String(minimal)} (${MINIMAL_TRACES[name]?.why ?? ''})`).toBeGreaterThanOrEqual(minimal ?? 0);
  expect(length, `${name} at seed ${seed}: shrunk to ${String(length)}, minimal ${String(minimal)} (${MINIMAL_TRACES[name]?.why ?? ''})`).toBeLessThanOrEqual((minimal ?? 0) + 1);
};

describe('the broken zoo at 36 seeds', () => {
  it.each(ZOO_ADAPTERS.map((adapter) => [ZOO_EXPECTATIONS[adapter.name] as string, adapter.name, adapter] as const))(
    '%s %s is found within 300 runs at every seed 1–36 on its invariant, shrunk to its minimal trace or one step more',
    async (invariant, name, adapter) => {
      for (const seed of SEEDS) {
        const report = await checkAdapter(adapter, options(seed));
        const found = report.violations.find((v) => v.invariant === invariant);
        expect([report.verdict, found?.invariant], `${name} at seed ${seed}: ${report.violations.map((v) => `${v.invariant}: ${v.because.join(' / ')}`).join('; ')}`).toEqual(['violation', invariant]);
        expect(report.runs, `${name} at seed ${seed}: found after ${report.runs} runs`).toBeLessThan(300);
        withinMinimal(name, seed, found?.traceLength);
      }
    },
    // tombstones-capped-at-64 shrinks episodes of 66 steps and more at each seed: minutes on a loaded machine.
    1_800_000,
  );

  it.each(NONDETERMINISTIC_ZOO.map(([adapter, invariant]) => [adapter.name, invariant, adapter] as const))('%s is diverged at every seed 1–36, never a plain %s violation, on its minimal trace or one step more', async (name, invariant, adapter) => {
    for (const seed of SEEDS) {
      const report = await checkAdapter(adapter, options(seed));
      expect([report.verdict, report.violations[0]?.invariant], `${name} at seed ${seed}: ${report.error ?? ''}`).toEqual(['diverged', invariant]);
      expect(report.error).toMatch(/^nondeterministic: step \d+ answered .+ on one run and .+ on another \(first differing field: /);
      withinMinimal(name, seed, report.violations[0]?.traceLength);
    }
  });
});
