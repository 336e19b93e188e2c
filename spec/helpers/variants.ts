import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { VARIANT_CHOICES } from '../../src/subjects/variants/index.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';

/** The seeds every legal variant is checked with, each at the default 300 runs. */
export const VARIANT_SEEDS = Array.from({ length: 36 }, (_, i) => i + 1);

/** The fast tier's seeds for the same matrix; `npm run test:soak` runs all of `VARIANT_SEEDS` (variantsAt36Seeds). */
export const FAST_VARIANT_SEEDS: readonly number[] = [1];

/**
 * One test per variant: `conformant` at each of `seeds` × 300 runs (the recorded incident scenarios run with the
 * first seed only: they are the same every time). `adopts` asserts the engine really took the variant's own
 * choices (else the test could pass without exercising anything).
 */
export function itIsConformant(variants: readonly Adapter[], adopts: (name: string) => boolean, seeds: readonly number[] = VARIANT_SEEDS): void {
  const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-variants-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));
  it.each(variants.map((adapter) => [VARIANT_CHOICES[adapter.name] ?? '?', adapter.name, adapter] as const))(
    `%s %s is conformant at ${seeds.length === 1 ? `seed ${String(seeds[0])} × 300 runs` : `${seeds.length} seeds × 300 runs (the seeds the broken zoo is caught at)`}`,
    async (_choice, name, adapter) => {
      let adopted = 0;
      for (const seed of seeds) {
        const report = await checkAdapter(adapter, { seed, outDir, examples: seed === seeds[0] });
        expect(report.verdict, `${name} at seed ${seed}: ${report.error ?? ''} ${report.violations.map((v) => v.because.join(' / ')).join('\n')}`).toBe('conformant');
        adopted += report.evidence?.choicesAdopted ?? 0;
      }
      if (adopts(name)) expect(adopted, `${name}: the reference adopted none of its choices`).toBeGreaterThan(0);
    },
  );
}
