import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertReplaceable, createFileAtomic, describeErrno, ensureDirectory, entryKind, FileSetError, OutputPathError, preflightDirectory, preflightFile, writeFileAtomic, writeFilesAtomic } from '../../src/util/writeFileAtomic.ts';

// The output-path rules every command writes by, on a real directory tree: what is refused (with the code and the
// words the message uses) and what is left behind (nothing half-written, no temporary files).

const root = mkdtempSync(join(tmpdir(), 'prunecheck-atomic-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
/** A fresh directory for one case, with a regular file `file`, a directory `dir` and a dangling link `dangling` in it. */
function scratch(): string {
  n += 1;
  const dir = join(root, `case-${n}`);
  mkdirSync(join(dir, 'dir'), { recursive: true });
  writeFileSync(join(dir, 'file'), 'old');
  symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
  return dir;
}

/** The OutputPathError `run` throws. */
function refusal(run: () => unknown): OutputPathError {
  try {
    run();
  } catch (error: unknown) {
    expect(error).toBeInstanceOf(OutputPathError);
    return error as OutputPathError;
  }
  throw new Error('expected an OutputPathError');
}

const leftovers = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.tmp') || name.endsWith('.previous'));

describe('describeErrno and entryKind', () => {
  it('say an error code with its meaning when known, and what an entry is', () => {
    expect(describeErrno({ code: 'ENOSPC' })).toBe('ENOSPC: no space left on the device');
    expect(describeErrno({ code: 'EWHATEVER' })).toBe('EWHATEVER');
    expect(describeErrno('plain')).toBe('plain');
    const dir = scratch();
    expect(entryKind(statSync(join(dir, 'dir')))).toBe('directory');
    expect(entryKind(lstatSync(join(dir, 'dangling')))).toBe('symbolic link');
    expect(entryKind(statSync(join(dir, 'file')))).toBe('regular file');
    expect(entryKind(statSync('/dev/null'))).toBe('device');
  });
});

describe('ensureDirectory', () => {
  it('creates missing parents one level at a time, accepts an existing one and a link to one', () => {
    const dir = scratch();
    expect(ensureDirectory(join(dir, 'a', 'b', 'c'))).toBe(join(dir, 'a', 'b', 'c'));
    expect(statSync(join(dir, 'a', 'b', 'c')).isDirectory()).toBe(true);
    expect(ensureDirectory(join(dir, 'dir'))).toBe(join(dir, 'dir'));
    symlinkSync(join(dir, 'dir'), join(dir, 'linked'));
    expect(ensureDirectory(join(dir, 'linked', 'sub'))).toBe(join(dir, 'linked', 'sub'));
    expect(existsSync(join(dir, 'dir', 'sub'))).toBe(true);
  });

  it('refuses a path through a file or a dangling link', () => {
    const dir = scratch();
    const throughFile = refusal(() => ensureDirectory(join(dir, 'file', 'sub')));
    expect([throughFile.code, throughFile.path, throughFile.message]).toEqual(['NOT_A_DIRECTORY', join(dir, 'file'), `cannot create ${join(dir, 'file', 'sub')}: ${join(dir, 'file')} is a regular file, not a directory; choose another output path`]);
    const dangling = refusal(() => ensureDirectory(join(dir, 'dangling', 'sub')));
    expect([dangling.code, dangling.message]).toEqual(['NOT_A_DIRECTORY', `${join(dir, 'dangling')} is a symbolic link to nothing, not a directory; remove it or choose another output directory`]);
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
  });
});

describe('writeFileAtomic and createFileAtomic', () => {
  it('write and replace a regular file, creating its directory, leaving no temporary file', () => {
    const dir = scratch();
    expect(writeFileAtomic(join(dir, 'file'), 'new')).toBe(join(dir, 'file'));
    expect(readFileSync(join(dir, 'file'), 'utf8')).toBe('new');
    writeFileAtomic(join(dir, 'deep', 'er', 'bytes.bin'), new Uint8Array([1, 2, 3]));
    expect([...readFileSync(join(dir, 'deep', 'er', 'bytes.bin'))]).toEqual([1, 2, 3]);
    expect(leftovers(dir)).toEqual([]);
  });

  it('never replace a directory or a link', () => {
    const dir = scratch();
    const onDirectory = refusal(() => writeFileAtomic(join(dir, 'dir'), 'x'));
    expect([onDirectory.code, onDirectory.message]).toEqual(['NOT_A_REGULAR_FILE', `${join(dir, 'dir')} is a directory; prunecheck only writes regular files and never replaces a directory: name a file path instead`]);
    expect(refusal(() => writeFileAtomic(join(dir, 'dangling'), 'x')).message).toContain('is a symbolic link; prunecheck only writes regular files');
    expect(() => assertReplaceable(join(dir, 'file'))).not.toThrow();
    expect(() => assertReplaceable(join(dir, 'missing'))).not.toThrow();
    expect(leftovers(dir)).toEqual([]);
  });

  it('createFileAtomic writes a new file once and never replaces one', () => {
    const dir = scratch();
    expect(createFileAtomic(join(dir, 'new', 'once.json'), 'first')).toBe(true);
    expect(createFileAtomic(join(dir, 'new', 'once.json'), 'second')).toBe(false);
    expect(readFileSync(join(dir, 'new', 'once.json'), 'utf8')).toBe('first');
    expect(createFileAtomic(join(dir, 'file'), 'replaced?')).toBe(false);
    expect(readFileSync(join(dir, 'file'), 'utf8')).toBe('old');
    expect(leftovers(join(dir, 'new'))).toEqual([]);
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('preflightFile and preflightDirectory', () => {
  it('accept a path that can be written without creating anything', () => {
    const dir = scratch();
    expect(preflightDirectory(join(dir, 'not', 'yet'))).toBe(join(dir, 'not', 'yet'));
    expect(preflightFile(join(dir, 'not', 'yet', 'report.json'))).toBe(join(dir, 'not', 'yet', 'report.json'));
    expect(preflightFile(join(dir, 'file'))).toBe(join(dir, 'file'));
    expect(existsSync(join(dir, 'not'))).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });

  it('refuse a file or a dangling link in the way, and a target that is a directory', () => {
    const dir = scratch();
    const throughFile = refusal(() => preflightDirectory(join(dir, 'file', 'sub')));
    expect([throughFile.code, throughFile.message]).toEqual(['NOT_A_DIRECTORY', `cannot write in ${join(dir, 'file', 'sub')}: ${join(dir, 'file')} is a regular file, not a directory; choose another output path`]);
    const dangling = refusal(() => preflightDirectory(join(dir, 'dangling', 'sub')));
    expect(dangling.message).toBe(`cannot write in ${join(dir, 'dangling', 'sub')}: ${join(dir, 'dangling')} is a symbolic link to nothing; remove it or choose another output path`);
    expect(refusal(() => preflightFile(join(dir, 'dir'))).code).toBe('NOT_A_REGULAR_FILE');
  });
});

describe('writeFilesAtomic', () => {
  it('writes every file of the set, replacing what was there, with no backups left', () => {
    const dir = scratch();
    expect(writeFilesAtomic([{ path: join(dir, 'file'), content: 'one' }, { path: join(dir, 'out', 'two.md'), content: 'two' }])).toEqual([join(dir, 'file'), join(dir, 'out', 'two.md')]);
    expect([readFileSync(join(dir, 'file'), 'utf8'), readFileSync(join(dir, 'out', 'two.md'), 'utf8')]).toEqual(['one', 'two']);
    expect([...leftovers(dir), ...leftovers(join(dir, 'out'))]).toEqual([]);
  });

  it('writes none when one cannot be written, and says every file kept what it held', () => {
    const dir = scratch();
    const error = refusal(() => writeFilesAtomic([{ path: join(dir, 'file'), content: 'one' }, { path: join(dir, 'dir'), content: 'two' }]));
    expect(error).toBeInstanceOf(FileSetError);
    expect((error as FileSetError).unchanged).toEqual([join(dir, 'file'), join(dir, 'dir')]);
    expect(error.code).toBe('NOT_A_REGULAR_FILE');
    expect(error.message).toMatch(/is a directory; .*; none of .* was written \(each keeps what it held before\)$/);
    expect(readFileSync(join(dir, 'file'), 'utf8')).toBe('old');
    expect(leftovers(dir)).toEqual([]);
  });
});
