import { spawnSync } from 'node:child_process';
import { Session } from 'node:inspector';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { adapterModulePath, functionFile } from '../../src/adapters/adapterModulePath.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';

// Where an adapter object's `create` is defined, so that a counterexample's replay command can load it again.

const FIXTURE = fileURLToPath(new URL('./fixtures/blockCoverageAfterLookup.ts', import.meta.url));
function definedHere(): number {
  return 1;
}

describe('functionFile and adapterModulePath', () => {
  it("answer the file that defines a function, relative to the working directory, and nothing for prunecheck's own", async () => {
    expect(await functionFile(definedHere)).toBe(fileURLToPath(import.meta.url));
    expect(await adapterModulePath(definedHere, fileURLToPath(new URL('../..', import.meta.url)))).toBe('./spec/adapters/adapterModulePath.test.ts');
    expect(await adapterModulePath(definedHere, '/nowhere/else')).toBe(fileURLToPath(import.meta.url));
    const builtin = findBuiltin('reference');
    if (builtin === undefined) throw new Error('no reference built-in');
    expect(await adapterModulePath(builtin.create)).toBeUndefined();
  });

  it('ask V8 once per function: the lookup walks the whole heap, and a test suite checks one adapter many times', async () => {
    const once = (): number => 2;
    const connect = vi.spyOn(Session.prototype, 'connect');
    try {
      const first = await functionFile(once);
      expect(await functionFile(once)).toBe(first);
      expect(first).toBe(fileURLToPath(import.meta.url));
      expect(connect).toHaveBeenCalledTimes(1);
    } finally {
      connect.mockRestore();
    }
  });

  it("leave the process's V8 block coverage as it was: a test suite calling checkAdapter keeps its branch coverage", () => {
    // Looking the file up used to enable and disable the inspector's Debugger, which turns V8's precise block
    // coverage into function counts for the rest of the process: every branch run afterwards went uncounted
    // (the fast tier's statement coverage read 87-90 % between runs of the same tree for that reason).
    const run = spawnSync(process.execPath, ['--import', 'tsx', FIXTURE], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const seen = JSON.parse(run.stdout) as { file: string; isBlockCoverage: boolean; ranges: number[] };
    expect(seen.file).toBe(FIXTURE);
    expect(seen.isBlockCoverage).toBe(true);
    // sign(1): the function once, its `if` branch once, the rest after it not at all.
    expect(seen.ranges).toEqual([1, 0]);
  });
});
