import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { enumerateMutants } from '../../mutation/enumerateMutants.ts';
import { sliceRange } from '../../mutation/SourceRange.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-enumerate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SOURCE = 'export function pick(a: number, b: number): number {\n  return a > b ? a : b;\n}\n';
writeFileSync(join(dir, 'pick.ts'), SOURCE);
writeFileSync(join(dir, 'Types.ts'), 'export interface Pick { readonly a: number }\n');
writeFileSync(join(dir, 'notes.md'), '# not code\n');

describe('enumerateMutants', () => {
  it("lists Stryker's mutants of every .ts file, at 0-based ranges that slice the code they replace", async () => {
    const mutants = await enumerateMutants(dir);
    expect(new Set(mutants.map((m) => m.file))).toEqual(new Set(['pick.ts']));
    const originals = mutants.map((m) => `${m.mutator}: ${sliceRange(SOURCE, m.range)} → ${m.replacement}`);
    expect(originals).toContain('ConditionalExpression: a > b → true');
    expect(originals).toContain('EqualityOperator: a > b → a >= b');
    expect(originals.some((o) => o.startsWith('BlockStatement: {'))).toBe(true);
    expect(mutants.find((m) => m.mutator === 'EqualityOperator' && m.replacement === 'a >= b')?.key).toEqual({ file: 'pick.ts', scope: 'pick', mutator: 'EqualityOperator', original: 'a > b', replacement: 'a >= b', context: 'return a > b ? a : b;' });
  });

  it('answers them in a stable order', async () => {
    expect(await enumerateMutants(dir)).toEqual(await enumerateMutants(dir));
  });
});
