import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonText, writeReport } from '../../src/util/writeReport.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeReport', () => {
  it('creates parent directories, answers the absolute path and leaves no temporary file', async () => {
    const target = join(dir, 'a', 'b', 'report.json');
    expect(await writeReport(target, jsonText({ x: 1 }))).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('{\n  "x": 1\n}\n');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['report.json']);
  });

  it('replaces an existing report', async () => {
    const target = join(dir, 'again.md');
    await writeReport(target, 'first\n');
    await writeReport(target, 'second\n');
    expect(readFileSync(target, 'utf8')).toBe('second\n');
  });
});
