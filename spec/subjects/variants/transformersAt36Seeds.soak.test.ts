import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { transformedSubjects } from '../../helpers/transformed.ts';
import { VARIANT_SEEDS } from '../../helpers/variants.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-transformed36-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Issue 22: every transformed legal runtime is conformant at the 36 seeds the zoo is caught at, 300 runs each.
describe('legal variants by transformation, at 36 seeds (soak tier)', () => {
  it.each(transformedSubjects().map(([choice, adapter]) => [choice, adapter.name, adapter] as const))('%s %s is conformant at seeds 1–36', async (_choice, name, adapter) => {
    for (const seed of VARIANT_SEEDS) {
      const report = await checkAdapter(adapter, { seed, outDir, examples: seed === VARIANT_SEEDS[0] });
      expect(report.verdict, `${name} at seed ${seed}: ${report.error ?? ''} ${report.violations.map((v) => v.because.join(' / ')).join('\n')}`).toBe('conformant');
    }
  });
});
