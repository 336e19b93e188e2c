import { expect } from 'vitest';
import { commandAdapter } from '../../src/adapters/protocol/commandAdapter.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';

/**
 * examples/python/variant_runtime.py checked over the line protocol at seed 1 for `runs` runs: conformant, and the
 * engine really adopted its choices (the fast tier's 100 runs and the soak tier's default 300 assert the same).
 */
export async function expectPythonVariantConformant(outDir: string, runs?: number): Promise<void> {
  const adapter = await commandAdapter('python3 examples/python/variant_runtime.py');
  try {
    const report = await checkAdapter(adapter, { seed: 1, outDir, examples: false, ...(runs === undefined ? {} : { runs }) });
    expect(report.verdict, `${report.error ?? ''} ${report.violations.map((v) => v.because.join(' / ')).join('\n')}`).toBe('conformant');
    expect(report.evidence?.choicesAdopted).toBeGreaterThan(0);
  } finally {
    await adapter.drain();
  }
}
