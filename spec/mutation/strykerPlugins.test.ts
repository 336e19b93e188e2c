import { afterEach, describe, expect, it } from 'vitest';
import { PLUGIN_ENV, type SampleLocation } from '../../mutation/pluginEnv.ts';
import { sampleIgnorer } from '../../mutation/strykerPlugins.ts';

/** A babel-like path: 1-based lines, 0-based columns, the file on the hub. */
function path(filename: string, startLine: number, startColumn: number, endLine: number, endColumn: number): unknown {
  return { node: { loc: { start: { line: startLine, column: startColumn }, end: { line: endLine, column: endColumn } } }, hub: { file: { opts: { filename } } } };
}

// The sampled node: `a > b` on the 3rd line (0-based line 2), columns 6–11.
const SAMPLE: SampleLocation[] = [{ file: 'pick.ts', range: { start: { line: 2, column: 6 }, end: { line: 2, column: 11 } } }];
const FILE = '/sandbox/mutation/sut/model/pick.ts';

describe('sampleIgnorer', () => {
  const ignorer = sampleIgnorer(() => SAMPLE);

  it('keeps the sampled node and every node that contains it', () => {
    expect(ignorer.shouldIgnore(path(FILE, 3, 6, 3, 11) as never)).toBeUndefined();
    expect(ignorer.shouldIgnore(path(FILE, 3, 2, 3, 30) as never)).toBeUndefined();
    expect(ignorer.shouldIgnore(path(FILE, 1, 0, 9, 1) as never)).toBeUndefined();
  });

  it('ignores what the sampled node contains, the rest of the file and other files, saying why', () => {
    expect(ignorer.shouldIgnore(path(FILE, 3, 6, 3, 7) as never)).toMatch(/not in the CI sample/);
    expect(ignorer.shouldIgnore(path(FILE, 5, 2, 5, 20) as never)).toMatch(/not in the CI sample/);
    expect(ignorer.shouldIgnore(path('/sandbox/mutation/sut/model/other.ts', 3, 6, 3, 11) as never)).toMatch(/not in the CI sample/);
  });

  it('reads its sample only when first asked, so the runner can name it after the module loads', () => {
    let reads = 0;
    const lazy = sampleIgnorer(() => {
      reads += 1;
      return SAMPLE;
    });
    expect(reads).toBe(0);
    lazy.shouldIgnore(path(FILE, 3, 6, 3, 11) as never);
    lazy.shouldIgnore(path(FILE, 3, 6, 3, 11) as never);
    expect(reads).toBe(1);
  });
});

describe('the registered ignorer', () => {
  const saved = process.env[PLUGIN_ENV.sample];
  afterEach(() => {
    if (saved === undefined) delete process.env[PLUGIN_ENV.sample];
    else process.env[PLUGIN_ENV.sample] = saved;
  });

  it('says how to run it when no sample was named', async () => {
    delete process.env[PLUGIN_ENV.sample];
    const { strykerPlugins } = await import('../../mutation/strykerPlugins.ts');
    const plugin = strykerPlugins.find((p) => p.name === 'prunecheck-sample') as { value: { shouldIgnore(p: unknown): string | undefined } };
    expect(() => plugin.value.shouldIgnore(path(FILE, 3, 6, 3, 11))).toThrow(/npm run mutation -- --sample/);
  });
});
