import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { expectPythonVariantConformant } from '../../helpers/pythonVariant.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-python-variant-soak-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// The soak tier of pythonVariant.test.ts (100 runs in `npm test`): the default 300 runs, as `prunecheck check` runs it.
describe('examples/python/variant_runtime.py (soak tier)', () => {
  it('is conformant at the default 300 runs, its own choices adopted', async () => {
    await expectPythonVariantConformant(outDir);
  });
});
