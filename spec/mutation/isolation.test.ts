import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COPY_DIR, COPY_PREFIX, ORACLE_DIR, ROOT } from '../../mutation/paths.ts';
import { FULL_MUTATE, strykerOptions } from '../../mutation/strykerOptions.ts';
import { importsOf as importsOfText, tsFiles } from '../helpers/imports.ts';

const importsOf = (file: string): string[] => importsOfText(readFileSync(file, 'utf8'));

describe('the oracle stays apart from the mutated copy', () => {
  it('nothing under src/ imports the mutation tooling or the copy', () => {
    expect(importsOf(join(ROOT, 'src', 'subjects', 'reference.ts'))).toContain('../model/ReferenceRuntime.ts');
    expect(importsOf(join(ROOT, 'mutation', 'ConformanceTestRunner.ts'))).toContain('./sutAdapter.ts');
    const offenders = tsFiles(join(ROOT, 'src')).filter((file) => importsOf(file).some((spec) => /(^|\/)mutation(\/|$)/.test(spec)));
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('the model imports only its own files and node built-ins, so a copy of it is self-contained', () => {
    for (const file of tsFiles(ORACLE_DIR)) for (const spec of importsOf(file)) expect(spec, `${relative(ROOT, file)} imports ${spec}`).toMatch(/^(\.\/[\w.]+\.ts|node:\w+)$/);
  });

  it('the copy lives outside src/, and Stryker is only ever told to mutate it', () => {
    expect(relative(join(ROOT, 'src'), COPY_DIR).startsWith('..')).toBe(true);
    expect(FULL_MUTATE.every((p) => p.startsWith(`${COPY_PREFIX}/`))).toBe(true);
    expect(strykerOptions({ mutate: FULL_MUTATE, sampled: false, concurrency: 1, outDir: join(ROOT, 'reports', 'mutation') }).mutate).toEqual([...FULL_MUTATE]);
    for (const pattern of ['src/model/*.ts', `${COPY_PREFIX}/../../../src/model/Window.ts`, 'src/**/*.ts']) {
      expect(() => strykerOptions({ mutate: [pattern], sampled: false, concurrency: 1, outDir: ROOT })).toThrow(/never the oracle/);
    }
  });

  it('the copy is git-ignored, so no clone of src/model is committed', () => {
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain(`${COPY_PREFIX.split('/').slice(0, -1).join('/')}/`);
  });
});
