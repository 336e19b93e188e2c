import * as fs from 'node:fs';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FileSetError, writeFilesAtomic } from '../../src/util/writeFileAtomic.ts';
import { runCli } from '../helpers/cli.ts';
import { scratch } from '../helpers/faults.ts';
import { shardReports, writeShards } from '../helpers/shardReports.ts';

// Issue 25, row 10: on a full disk `merge` wrote the .json, failed on the .xml and never tried the .md, leaving
// an old .xml beside a new .json, without saying which files were written. The disk fills here at the Nth write
// of file content (each report is one write), deterministically.
const fault = vi.hoisted(() => ({ writesLeft: Number.POSITIVE_INFINITY, renamesLeft: Number.POSITIVE_INFINITY }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const writeSync = (fd: number, buffer: Uint8Array, offset = 0, length = buffer.length - offset): number => {
    fault.writesLeft -= 1;
    if (fault.writesLeft >= 0) return real.writeSync(fd, buffer, offset, length);
    fault.writesLeft = Number.POSITIVE_INFINITY;
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  const renameSync = (from: fs.PathLike, to: fs.PathLike): void => {
    fault.renamesLeft -= 1;
    if (fault.renamesLeft >= 0) return real.renameSync(from, to);
    fault.renamesLeft = Number.POSITIVE_INFINITY;
    throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
  };
  return { ...real, writeSync, renameSync, default: { ...real, writeSync, renameSync } };
});

const temp = scratch('merge-full');
let shards: string[] = [];
beforeAll(async () => {
  shards = writeShards(temp(), await shardReports(temp()));
});

/** A directory holding the reports of an earlier merge, each saying so. */
function earlier(): { dir: string; out: string; files: string[] } {
  const dir = temp();
  const files = ['merged.json', 'merged.xml', 'merged.md'].map((name) => join(dir, name));
  for (const file of files) writeFileSync(file, `earlier ${file}\n`);
  return { dir, out: join(dir, 'merged.json'), files };
}

describe('merge on a full disk (issue 25, row 10)', () => {
  for (const [writes, failing] of [
    [0, 'merged.json'],
    [1, 'merged.xml'],
    [2, 'merged.md'],
  ] as const) {
    it(`the disk fills at ${failing}: none of the three is written, each keeps its earlier content, the message names them`, async () => {
      const { dir, out, files } = earlier();
      fault.writesLeft = writes;
      const result = await runCli(['merge', ...shards, '--out', out]);
      fault.writesLeft = Number.POSITIVE_INFINITY;
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(`cannot write ${join(dir, failing)} (ENOSPC: no space left on the device)`);
      expect(result.stderr).toContain(`none of ${files.join(', ')} was written`);
      for (const file of files) expect(readFileSync(file, 'utf8')).toBe(`earlier ${file}\n`);
      expect(readdirSync(dir).sort()).toEqual(['merged.json', 'merged.md', 'merged.xml']);
      expect(result.stdout).not.toMatch(/wrote/);
    });
  }

  it('with room, all three are replaced and named', async () => {
    const { out, files } = earlier();
    const result = await runCli(['merge', ...shards, '--out', out]);
    expect(result.stdout).toContain(`wrote ${files[0]}, ${files[1]}, ${files[2]}`);
    for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain('earlier');
  });

  it('writeFilesAtomic: a rename that fails after others succeeded puts the earlier files back', () => {
    const { files } = earlier();
    fault.renamesLeft = 2;
    expect(() => writeFilesAtomic(files.map((path) => ({ path, content: 'new\n' })))).toThrow(/cannot write .*merged\.md \(EIO: an input\/output error\); none of/);
    for (const file of files) expect(readFileSync(file, 'utf8')).toBe(`earlier ${file}\n`);
  });

  it('writeFilesAtomic: a set of new files is created whole or not at all', () => {
    const dir = temp();
    const paths = ['a.json', 'b.xml', 'c.md'].map((name) => join(dir, name));
    fault.writesLeft = 2;
    expect(() => writeFilesAtomic(paths.map((path) => ({ path, content: path })))).toThrow(FileSetError);
    expect(readdirSync(dir)).toEqual([]);
    expect(writeFilesAtomic(paths.map((path) => ({ path, content: path })))).toEqual(paths);
    expect(paths.every((path) => existsSync(path) && readFileSync(path, 'utf8') === path)).toBe(true);
  });
});
