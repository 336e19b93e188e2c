import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createFileAtomic, OutputPathError, writeFileAtomic } from '../../src/util/writeFileAtomic.ts';

// Issue 15 item 3, deterministically: a write that dies halfway (here a full disk after half the bytes) must leave
// the file that was there whole. dataLoss.test.ts kills a real writer with SIGKILL, but where the kill lands
// is up to the scheduler; this test cannot miss the middle of the write.
const fault = vi.hoisted(() => ({ armed: false }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const writeSync = (fd: number, buffer: Uint8Array, offset = 0, length = buffer.length - offset): number => {
    if (!fault.armed) return real.writeSync(fd, buffer, offset, length);
    fault.armed = false;
    real.writeSync(fd, buffer, offset, Math.floor(length / 2));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  return { ...real, writeSync, default: { ...real, writeSync } };
});

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-midwrite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const previous = `${JSON.stringify({ previous: true, rounds: 'x'.repeat(10_000) })}\n`;
const next = `${JSON.stringify({ previous: false, rounds: 'y'.repeat(100_000) })}\n`;

describe('data loss mid-write (issue 15, item 3)', () => {
  it('writeFileAtomic: the previous file stays whole, the error names the file, no temporary file is left', () => {
    const target = join(dir, 'report.json');
    writeFileAtomic(target, previous);
    fault.armed = true;
    expect(() => writeFileAtomic(target, next)).toThrow(OutputPathError);
    expect(fault.armed).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe(previous);
    expect(readdirSync(dir)).toEqual(['report.json']);
    writeFileAtomic(target, next);
    expect(readFileSync(target, 'utf8')).toBe(next);
  });

  it('createFileAtomic (a counterexample’s first save): no half file appears under the name', () => {
    const target = join(dir, 'keep-last-INV-17-1.json');
    fault.armed = true;
    expect(() => createFileAtomic(target, next)).toThrow(/cannot write .*keep-last-INV-17-1\.json \(ENOSPC: no space left on the device\)/);
    expect(readdirSync(dir).filter((f) => f !== 'report.json')).toEqual([]);
    expect(createFileAtomic(target, next)).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe(next);
  });
});
