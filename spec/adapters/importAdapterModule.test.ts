import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { commonJsHint } from '../../src/adapters/importAdapterModule.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-cjs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function project(name: string, manifest: Record<string, unknown> | undefined): string {
  const root = join(dir, name);
  mkdirSync(join(root, 'src'), { recursive: true });
  if (manifest !== undefined) writeFileSync(join(root, 'package.json'), JSON.stringify(manifest));
  return root;
}

const ADAPTER = `import type { Adapter } from 'prunecheck';
const adapter: Adapter = { name: 'x', version: '1', capabilities: { operations: ['append'], invariants: [] }, create() { throw new Error('unused'); } };
export default adapter;
`;

describe('an adapter module read as CommonJS (issue 12, problem 5)', () => {
  it('the hint names the package.json, its "type", and both fixes', () => {
    const npmInit = project('npm-init', { name: 'a', type: 'commonjs' });
    expect(commonJsHint(join(npmInit, 'src', 'adapter.ts'))).toBe(
      `${join(npmInit, 'src', 'adapter.ts')} is loaded as CommonJS because ${join(npmInit, 'package.json')} has "type": "commonjs": add "type": "module" to package.json or name it .mts`,
    );
    const untyped = project('untyped', { name: 'b' });
    expect(commonJsHint(join(untyped, 'adapter.js'))).toBe(`${join(untyped, 'adapter.js')} is loaded as CommonJS because ${join(untyped, 'package.json')} has no "type" field: add "type": "module" to package.json or name it .mjs`);
  });

  it('no hint for ES modules: "type": "module", or .mts/.mjs', () => {
    const esm = project('esm', { name: 'c', type: 'module' });
    expect(commonJsHint(join(esm, 'adapter.ts'))).toBeUndefined();
    const npmInit = project('npm-init-2', { name: 'd', type: 'commonjs' });
    expect(commonJsHint(join(npmInit, 'adapter.mts'))).toBeUndefined();
    expect(commonJsHint(join(npmInit, 'adapter.mjs'))).toBeUndefined();
  });

  it('prunecheck check on a TypeScript adapter in an `npm init -y` project exits 2 with the hint', async () => {
    const root = project('cli', { name: 'e', version: '1.0.0', type: 'commonjs' });
    writeFileSync(join(root, 'adapter.ts'), ADAPTER);
    const bin = fileURLToPath(new URL('../../bin/prunecheck.js', import.meta.url));
    const failed = await promisify(execFile)(process.execPath, [bin, 'check', '--adapter', './adapter.ts'], { cwd: root }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(/^prunecheck: could not import adapter module .*adapter\.ts: .*\n {2}.*adapter\.ts is loaded as CommonJS because .*package\.json has "type": "commonjs": add "type": "module" to package\.json or name it \.mts\n$/);
  });
});
