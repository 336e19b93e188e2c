import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandAdapter } from '../../../src/adapters/protocol/commandAdapter.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-python-variant-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// A Python runtime making the choices SPEC.md §7 leaves open its own way (C-1, C-2, C-4, C-5), over the line
// protocol, as a third-party author would write it: conformant, and the engine really adopted its choices.
describe('examples/python/variant_runtime.py', () => {
  it('is conformant at 300 runs, its own choices adopted', async () => {
    const adapter = await commandAdapter('python3 examples/python/variant_runtime.py');
    try {
      const report = await checkAdapter(adapter, { seed: 1, outDir, examples: false });
      expect(report.verdict, `${report.error ?? ''} ${report.violations.map((v) => v.because.join(' / ')).join('\n')}`).toBe('conformant');
      expect(report.evidence?.choicesAdopted).toBeGreaterThan(0);
    } finally {
      await adapter.drain();
    }
  });
});
