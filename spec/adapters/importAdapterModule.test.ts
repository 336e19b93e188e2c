import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { commonJsHint, importAdapterModule, looksLikeModulePath } from '../../src/adapters/importAdapterModule.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-cjs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function project(name: string, manifest: Record<string, unknown> | undefined): string {
  const root = join(dir, name);
  mkdirSync(join(root, 'src'), { recursive: true });
  if (manifest !== undefined) writeFileSync(join(root, 'package.json'), JSON.stringify(manifest));
  return root;
}

// It imports a value from an ES module that imports another, as the quick start's runtime adapter imports
// prunecheck's (whose bundle has chunks): Node 22 then failed, "request for './chunk.mjs' is from a module not
// been linked", and Node 20 with "Cannot require() ES Module … in a cycle", a type-only import included.
const ADAPTER = `import type { Adapter } from 'prunecheck';
import { OPERATIONS } from './lib.mjs';
const adapter: Adapter = { name: 'x', version: '1', capabilities: { operations: OPERATIONS, invariants: [] }, create() { throw new Error('unused'); } };
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

  it('prunecheck check on a TypeScript adapter in an `npm init -y` project, importing values from ES modules, checks the adapter it exports', async () => {
    const root = project('cli', { name: 'e', version: '1.0.0', type: 'commonjs' });
    writeFileSync(join(root, 'adapter.ts'), ADAPTER);
    writeFileSync(join(root, 'lib.mjs'), "export { OPERATIONS } from './chunk.mjs';\n");
    writeFileSync(join(root, 'chunk.mjs'), "export const OPERATIONS = ['append'];\n");
    const bin = fileURLToPath(new URL('../../bin/prunecheck.js', import.meta.url));
    const failed = await promisify(execFile)(process.execPath, [bin, 'check', '--adapter', './adapter.ts', '--seed', '1', '--out', join(root, 'report.json')], { cwd: root }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    // The fixture's create throws: a verdict (exit 1) on the adapter named 'x', not a contract error about its shape.
    expect(failed?.code, failed?.stderr).toBe(1);
    expect(failed?.stdout).toMatch(/^prunecheck check x 1 /);
    expect(failed?.stdout).toContain('failed: unused');
  });
});

describe('an ES module compiled to CommonJS (tsc, Babel, tsx under "type": "commonjs")', () => {
  // Run by node itself, as a user runs it: vitest's own module runner unwraps the marker and would hide the case.
  it('is checked as the adapter it exports as default, not refused for the shape of the compiled module', async () => {
    const root = project('compiled', { name: 'g', version: '1.0.0', type: 'commonjs' });
    const adapter = "{ name: 'compiled', version: '1', capabilities: { operations: ['append'], invariants: [] }, create() { throw new Error('unused'); } }";
    writeFileSync(join(root, 'adapter.js'), `"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.default = ${adapter};\n`);
    const bin = fileURLToPath(new URL('../../bin/prunecheck.js', import.meta.url));
    const ran = await promisify(execFile)(process.execPath, [bin, 'check', '--adapter', './adapter.js', '--seed', '1', '--out', join(root, 'report.json')], { cwd: root }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(ran?.code, ran?.stderr).toBe(1);
    expect(ran?.stdout).toMatch(/^prunecheck check compiled 1 /);
    expect(ran?.stdout).toContain('failed: unused');
  });
});

describe('importAdapterModule and the rest of the hint', () => {
  it('tells a module path from a built-in name', () => {
    expect(['./adapter.ts', 'lib/x', 'C:\\x', 'a.mjs', 'a.cts', 'a.js'].map(looksLikeModulePath)).toEqual([true, true, true, true, true, true]);
    expect(['reference', 'trusts-safe-claim', 'cmd'].map(looksLikeModulePath)).toEqual([false, false, false]);
  });

  it('answers the default export of a module, and refuses a missing file or one that throws as it loads', async () => {
    const root = project('imports', { name: 'f', type: 'module' });
    writeFileSync(join(root, 'good.mjs'), 'export default { name: "good" };\n');
    writeFileSync(join(root, 'throws.mjs'), 'throw new Error("boom at load");\n');
    await expect(importAdapterModule(join(root, 'good.mjs'))).resolves.toEqual({ path: join(root, 'good.mjs'), value: { name: 'good' } });
    await expect(importAdapterModule(join(root, 'absent.mjs'))).rejects.toMatchObject({ code: 'MODULE_NOT_FOUND', message: `adapter module ${join(root, 'absent.mjs')} does not exist; check the --adapter path` });
    await expect(importAdapterModule(join(root, 'throws.mjs'))).rejects.toMatchObject({ code: 'IMPORT_FAILED', message: `could not import adapter module ${join(root, 'throws.mjs')}: boom at load` });
  });

  it('a module that fails under CommonJS gets the hint on a line of its own', async () => {
    const root = project('cjs-throws', { name: 'g', type: 'commonjs' });
    writeFileSync(join(root, 'adapter.js'), 'throw new Error("cjs boom");\n');
    await expect(importAdapterModule(join(root, 'adapter.js'))).rejects.toMatchObject({
      code: 'IMPORT_FAILED',
      message: `could not import adapter module ${join(root, 'adapter.js')}: cjs boom\n  ${join(root, 'adapter.js')} is loaded as CommonJS because ${join(root, 'package.json')} has "type": "commonjs": add "type": "module" to package.json or name it .mjs`,
    });
  });

  it('names top-level await when the failure or the source shows it, and gives no hint past an unreadable package.json', () => {
    const root = project('tla', { name: 'h' });
    const source = join(root, 'adapter.ts');
    writeFileSync(source, 'const x = 1;\nexport const ready = await Promise.resolve(x);\n');
    const said = `${source} is loaded as CommonJS because ${join(root, 'package.json')} has no "type" field, and CommonJS has no top-level await: add "type": "module" to package.json or name it .mts`;
    expect(commonJsHint(source, 'Top-level await is currently not supported with the "cjs" output format')).toBe(said);
    expect(commonJsHint(source, 'Cannot require() ES Module in a cycle')).toBe(said);
    writeFileSync(source, 'export const ready = 1;\n');
    expect(commonJsHint(source, 'Cannot require() ES Module in a cycle')).not.toContain('top-level await');
    expect(commonJsHint(join(root, 'gone.ts'), 'Cannot require() ES Module in a cycle')).not.toContain('top-level await');
    const broken = project('broken-manifest', undefined);
    writeFileSync(join(broken, 'package.json'), '{ not json');
    expect(commonJsHint(join(broken, 'adapter.ts'))).toBeUndefined();
    expect(commonJsHint(join(broken, 'adapter.py'))).toBeUndefined();
  });
});
