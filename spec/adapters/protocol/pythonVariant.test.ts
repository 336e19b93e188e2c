import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { expectPythonVariantConformant } from '../../helpers/pythonVariant.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-python-variant-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// A Python runtime making the choices SPEC.md §7 leaves open its own way (C-1, C-2, C-4, C-5), over the line
// protocol, as a third-party author would write it: conformant, and the engine really adopted its choices. 100 runs
// here; the default 300 in pythonVariant.soak.test.ts (`npm run test:soak`).
describe('examples/python/variant_runtime.py', () => {
  it('is conformant at 100 runs, its own choices adopted', async () => {
    await expectPythonVariantConformant(outDir, 100);
  });
});
