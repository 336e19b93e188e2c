import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin, scratch } from '../helpers/faults.ts';

// Issue 25, row 16: a `.ts` adapter with a top-level await, read as CommonJS, failed to import with an error that
// did not say why (esbuild's "Top-level await is currently not supported with the "cjs" output format", or
// Node's "Cannot require() ES Module … in a cycle") and, with no package.json above it, with no hint at all. The
// hint now names top-level await and both fixes: "type": "module" in package.json, or the .mts extension.
const temp = scratch('row16');

const ADAPTER = `const name = await Promise.resolve('tla-in-cjs');
export default {
  name,
  version: '1.0.0',
  capabilities: { operations: ['append'], invariants: [] },
  create() {
    throw new Error('never reached');
  },
};
`;

/** Whether any folder from `dir` up holds a package.json (which would decide the module type instead). */
function manifestAbove(dir: string): boolean {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return true;
    if (at === parse(at).root) return false;
  }
}

describe('row 16: a .ts adapter with top-level await, read as CommonJS', () => {
  it('in a package whose package.json says "type": "commonjs": exit 2, the hint names top-level await and both fixes', async () => {
    const root = temp();
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0', type: 'commonjs' }));
    writeFileSync(join(root, 'adapter.ts'), ADAPTER);
    const result = await runBin(['check', '--adapter', './adapter.ts', '--runs', '1'], { cwd: root });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`adapter.ts is loaded as CommonJS because ${join(root, 'package.json')} has "type": "commonjs", and CommonJS has no top-level await: add "type": "module" to package.json or name it .mts`);
  });

  // Skipped where a package.json above the temporary directory decides the module type instead.
  it.skipIf(manifestAbove(tmpdir()))('with no package.json above it (Node reads it as CommonJS): the hint is there too', async () => {
    const root = join(temp(), 'no-manifest');
    mkdirSync(root);
    writeFileSync(join(root, 'adapter.ts'), ADAPTER);
    const result = await runBin(['check', '--adapter', './adapter.ts', '--runs', '1'], { cwd: root });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('adapter.ts is loaded as CommonJS because no package.json above it says otherwise, and CommonJS has no top-level await: add a package.json with "type": "module" beside it or name it .mts');
  });
});
