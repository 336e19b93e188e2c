import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MutationError } from '../../mutation/MutationError.ts';
import { parseTriage, readTriage } from '../../mutation/readTriage.ts';
import { TRIAGE_FILE } from '../../mutation/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-triage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = { file: 'digest.ts', scope: 'digest', mutator: 'StringLiteral', original: "'utf8'", replacement: '""', context: "return createHash('sha256').update(content, 'utf8').digest('hex');", status: 'equivalent', reason: "Hash.update treats '' as utf8" };

function refusal(data: unknown): string {
  try {
    parseTriage(data, 'triage.json');
  } catch (error: unknown) {
    expect(error).toBeInstanceOf(MutationError);
    expect((error as MutationError).code).toBe('BAD_TRIAGE');
    return (error as Error).message;
  }
  throw new Error('expected the triage to be refused');
}

describe('readTriage', () => {
  it('reads the committed triage file', () => {
    expect(readTriage(TRIAGE_FILE).format).toBe('prunecheck-mutation-triage/1');
  });

  it('answers an empty triage for a missing file', () => {
    expect(readTriage(join(dir, 'absent.json')).entries).toEqual([]);
  });

  it('refuses a file that is not JSON, naming it', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "format": ');
    expect(() => readTriage(file)).toThrow(/broken\.json is not JSON/);
  });

  it('accepts equivalent entries and gaps with their fix and area', () => {
    const gap = { ...entry, status: 'gap', fix: 'generate non-ASCII content', area: 'src/gen/runtime' };
    expect(parseTriage({ format: 'prunecheck-mutation-triage/1', entries: [entry, gap] }, 'x').entries).toHaveLength(2);
  });

  it('names the entry and field that is wrong, and how to fix it', () => {
    expect(refusal({ format: 'other', entries: [] })).toMatch(/format must be 'prunecheck-mutation-triage\/1'/);
    expect(refusal({ format: 'prunecheck-mutation-triage/1', entries: [{ ...entry, scope: '' }] })).toMatch(/entries\[0\]\.scope must be a string/);
    expect(refusal({ format: 'prunecheck-mutation-triage/1', entries: [entry, { ...entry, status: 'maybe' }] })).toMatch(/entries\[1\]\.status must be 'equivalent' or 'gap', got "maybe"/);
    expect(refusal({ format: 'prunecheck-mutation-triage/1', entries: [{ ...entry, status: 'gap', area: 'src/gen' }] })).toMatch(/entries\[0\]\.fix must say which generator or checker change/);
    expect(refusal({ format: 'prunecheck-mutation-triage/1', entries: [{ ...entry, status: 'gap', fix: 'x' }] })).toMatch(/entries\[0\]\.area must name where/);
    expect(refusal({ format: 'prunecheck-mutation-triage/1', entries: [{ ...entry, line: 0 }] })).toMatch(/entries\[0\]\.line must be a line number/);
    expect(refusal({ format: 'prunecheck-mutation-triage/1', entries: [{ ...entry, nth: 1 }] })).toMatch(/entries\[0\]\.nth must be an integer ≥ 2/);
  });

  it('allows an empty original or replacement (a mutant may delete code)', () => {
    expect(parseTriage({ format: 'prunecheck-mutation-triage/1', entries: [{ ...entry, replacement: '' }] }, 'x').entries).toHaveLength(1);
  });
});
