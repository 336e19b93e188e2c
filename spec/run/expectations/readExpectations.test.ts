import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPECTATIONS_FORMAT, type ExpectationsFile } from '../../../src/run/expectations/Expectations.ts';
import { parseExpectations, readExpectations } from '../../../src/run/expectations/readExpectations.ts';
import { writeExpectations } from '../../../src/run/expectations/updateExpectations.ts';
import { INVARIANT_IDS } from '../../../src/model/invariants.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-expectations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const entry = (adapter: string, invariant: string, reason = 'by design'): Record<string, string> => ({ adapter, invariant, reason });

describe('reading an expectations file', () => {
  it('round-trips through writeExpectations for any valid contents', async () => {
    const kinds = [...INVARIANT_IDS, 'DIFFERENTIAL', 'ADAPTER-ERROR', 'TIMEOUT'] as const;
    const contents = fc
      .uniqueArray(fc.record({ adapter: fc.string({ minLength: 1 }), invariant: fc.constantFrom(...kinds), reason: fc.string().filter((r) => r.trim() !== '') }), { selector: (e) => `${e.adapter}\u0000${e.invariant}` })
      .map((expectations): ExpectationsFile => ({ format: EXPECTATIONS_FORMAT, expectations }));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(contents, async (written) => {
        const path = join(dir, `round-trip-${(n += 1)}.json`);
        await writeExpectations(path, written);
        expect(await readExpectations(path)).toEqual(written);
      }),
      { numRuns: 50 },
    );
  });

  it('round-trips the fields prunecheck does not use, on entries and on the file, keys such as __proto__ included, in the file\'s order, and a byte-order mark', async () => {
    const known = ['adapter', 'invariant', 'reason', 'format', 'expectations'];
    const key = fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom('owner', 'ticket', 'until', '__proto__', 'constructor', '$comment')).filter((k) => !known.includes(k));
    const fields = fc.uniqueArray(fc.tuple(key, fc.jsonValue({ maxDepth: 2 })), { selector: ([k]) => k, maxLength: 4 });
    // The user's keys and prunecheck's, in any order the file gives them.
    const shuffled = (own: readonly (readonly [string, unknown])[]) =>
      fields.chain((extra) => fc.shuffledSubarray([...own, ...extra], { minLength: own.length + extra.length, maxLength: own.length + extra.length }));
    const asObject = (pairs: readonly (readonly [string, unknown])[]): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of pairs) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    };
    let n = 0;
    const file = shuffled(Object.entries(entry('a', 'INV-03'))).chain((entryPairs) => shuffled([['format', EXPECTATIONS_FORMAT], ['expectations', [asObject(entryPairs)]]]));
    await fc.assert(
      fc.asyncProperty(file, fc.boolean(), async (filePairs, bom) => {
        const path = join(dir, `fields-${(n += 1)}.json`);
        writeFileSync(path, `${bom ? '\uFEFF' : ''}${JSON.stringify(asObject(filePairs), null, 2)}\n`);
        const before = readFileSync(path, 'utf8');
        const read = await readExpectations(path);
        if (read === undefined) throw new Error('read nothing');
        await writeExpectations(path, read);
        expect(readFileSync(path, 'utf8')).toBe(before);
      }),
      { seed: 25, numRuns: 60 },
    );
  });

  it('a missing file is an error naming it, unless optional', async () => {
    const missing = join(dir, 'missing.json');
    await expect(readExpectations(missing)).rejects.toMatchObject({ code: 'NOT_FOUND', message: `${missing}: cannot read it (ENOENT); check the --expectations path, or create it with --update-expectations` });
    expect(await readExpectations(missing, { optional: true })).toBeUndefined();
  });

  it('malformed JSON names the file and the line', async () => {
    const path = file('broken.json', '{ "format": ');
    await expect(readExpectations(path)).rejects.toMatchObject({ code: 'NOT_JSON', message: expect.stringMatching(new RegExp(`^${path}: line 1, column \\d+: not valid JSON \\(`)) });
  });

  it.each([
    ['(top level)', [], 'must be a JSON object'],
    ['format', { format: 'x', expectations: [] }, `must be '${EXPECTATIONS_FORMAT}', got "x"`],
    ['expectations', { format: EXPECTATIONS_FORMAT }, 'must be an array of { adapter, invariant, reason }'],
    ['expectations[0]', { format: EXPECTATIONS_FORMAT, expectations: ['INV-17'] }, 'must be an object { adapter, invariant, reason }'],
    ['expectations[0].adapter', { format: EXPECTATIONS_FORMAT, expectations: [entry('', 'INV-17')] }, 'must be the adapter\'s name as reports give it (e.g. "my-pruner")'],
    ['expectations[0].invariant', { format: EXPECTATIONS_FORMAT, expectations: [entry('a', 'INV-99')] }, `must be one of ${[...INVARIANT_IDS, 'DIFFERENTIAL', 'ADAPTER-ERROR', 'TIMEOUT'].join(', ')}, got "INV-99"`],
    ['expectations[0].reason', { format: EXPECTATIONS_FORMAT, expectations: [entry('a', 'INV-17', ' ')] }, 'must say why the finding is accepted (a non-empty string)'],
    ['expectations[1]', { format: EXPECTATIONS_FORMAT, expectations: [entry('a', 'INV-17'), entry('a', 'INV-17', 'again')] }, 'lists a × INV-17 a second time; keep one entry'],
  ])('a wrong field %s is named, with how to fix it', (field, data, message) => {
    expect(() => parseExpectations(data, 'x.json')).toThrow(`x.json: field '${field}' ${message}; see docs/expectations.md, or write the file with --update-expectations`);
  });
});
