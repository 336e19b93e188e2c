import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export type OutputPathErrorCode = 'NOT_A_REGULAR_FILE' | 'NOT_A_DIRECTORY' | 'CANNOT_CREATE_DIRECTORY' | 'CANNOT_WRITE' | 'EXISTS';

/**
 * A path prunecheck was asked to write cannot be written: the message names the path, what is in the way and
 * what to pass instead. Exit code 2 at the command line (it is the user's path, not prunecheck's fault).
 */
export class OutputPathError extends Error {
  override readonly name = 'OutputPathError';
  readonly code: OutputPathErrorCode;
  readonly path: string;

  constructor(code: OutputPathErrorCode, path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.path = path;
  }
}

function errnoOf(error: unknown): string {
  return (error as { code?: string } | null)?.code ?? String(error);
}

const ERRNO_WORDS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'an input/output error',
  EFBIG: 'the file is too large for the file system',
};

/** `ENOSPC: no space left on the device`: an error code with what it means, for messages. */
export function describeErrno(error: unknown): string {
  const code = errnoOf(error);
  const words = Object.hasOwn(ERRNO_WORDS, code) ? ERRNO_WORDS[code] : undefined;
  return words === undefined ? code : `${code}: ${words}`;
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error: unknown) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return undefined;
    throw new OutputPathError('CANNOT_WRITE', path, `cannot inspect ${path} (${errnoOf(error)})`, { cause: error });
  }
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error: unknown) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return undefined;
    throw new OutputPathError('CANNOT_WRITE', path, `cannot inspect ${path} (${errnoOf(error)})`, { cause: error });
  }
}

/** What a non-regular file system entry is, in words. */
export function entryKind(stat: Stats): string {
  if (stat.isDirectory()) return 'directory';
  if (stat.isSymbolicLink()) return 'symbolic link';
  if (stat.isFIFO()) return 'named pipe (FIFO)';
  if (stat.isSocket()) return 'socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'device';
  return stat.isFile() ? 'regular file' : 'special file';
}

/**
 * Creates `dir` and its missing parents one level at a time (never `mkdir -p` in one call: on some file
 * systems, /proc among them, Node's recursive mkdir retries forever). Every existing ancestor must be a
 * directory (a symbolic link to one counts: the user named it). Answers the absolute path.
 */
export function ensureDirectory(dir: string): string {
  const target = resolve(dir);
  const missing: string[] = [];
  for (let current = target; ; ) {
    let stat: Stats | undefined;
    try {
      stat = statSync(current);
    } catch (error: unknown) {
      const code = errnoOf(error);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new OutputPathError('CANNOT_CREATE_DIRECTORY', current, `cannot use directory ${current} (${code}); choose another output directory`, { cause: error });
      if (lstatOrUndefined(current)?.isSymbolicLink() === true) {
        throw new OutputPathError('NOT_A_DIRECTORY', current, `${current} is a symbolic link to nothing, not a directory; remove it or choose another output directory`);
      }
      const parent = dirname(current);
      if (parent === current) throw new OutputPathError('CANNOT_CREATE_DIRECTORY', current, `cannot create ${target}: no part of it exists`);
      missing.push(current);
      current = parent;
      continue;
    }
    if (!stat.isDirectory()) {
      throw new OutputPathError('NOT_A_DIRECTORY', current, `cannot create ${target}: ${current} is a ${entryKind(stat)}, not a directory; choose another output path`);
    }
    break;
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path);
    } catch (error: unknown) {
      if (errnoOf(error) === 'EEXIST' && statSync(path, { throwIfNoEntry: false })?.isDirectory() === true) continue;
      throw new OutputPathError('CANNOT_CREATE_DIRECTORY', path, `cannot create directory ${path} (${errnoOf(error)}); choose a writable output path`, { cause: error });
    }
  }
  return target;
}

/** Refuses a target that exists and is not a regular file (a directory, a symbolic link, a FIFO, a device). */
export function assertReplaceable(target: string): void {
  const existing = lstatOrUndefined(target);
  if (existing !== undefined && !existing.isFile()) {
    const kind = entryKind(existing);
    throw new OutputPathError('NOT_A_REGULAR_FILE', target, `${target} is a ${kind}; prunecheck only writes regular files and never replaces a ${kind}: name a file path instead`);
  }
}

/** Writes `content` to a new temporary file next to `target` and, when `durable`, flushes it to disk; answers its path. */
function writeTemporary(dir: string, target: string, content: string | Uint8Array, durable = true): string {
  const temporary = join(dir, `.${basename(target).slice(0, 100)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number;
  try {
    fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
  } catch (error: unknown) {
    throw new OutputPathError('CANNOT_WRITE', target, `cannot create a file in ${dir} (${describeErrno(error)}); choose a writable output path`, { cause: error });
  }
  try {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    if (durable) fsyncSync(fd);
  } catch (error: unknown) {
    closeSync(fd);
    unlinkQuietly(temporary);
    throw new OutputPathError('CANNOT_WRITE', target, `cannot write ${target} (${describeErrno(error)})`, { cause: error });
  }
  closeSync(fd);
  return temporary;
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone: nothing to clean up.
  }
}

/** Makes a rename durable: flushes the directory entry (best effort; some file systems refuse it). */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, constants.O_RDONLY);
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // The data itself is synced; a file system that cannot sync a directory loses at most the name on power loss.
  }
}

/**
 * Writes a file atomically: the content goes to a temporary file in the target's own directory, is flushed to
 * disk, and is renamed over the target, so a reader (or a crash, a SIGKILL, a full disk) never sees half a file
 * where a good one was. Creates missing parent directories. Refuses to replace anything that is not a regular
 * file. Throws `OutputPathError`. Answers the absolute path.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): string {
  const target = resolve(path);
  assertReplaceable(target);
  const dir = ensureDirectory(dirname(target));
  const temporary = writeTemporary(dir, target, content);
  try {
    assertReplaceable(target);
    renameSync(temporary, target);
  } catch (error: unknown) {
    unlinkQuietly(temporary);
    if (error instanceof OutputPathError) throw error;
    throw new OutputPathError('CANNOT_WRITE', target, `cannot write ${target} (${errnoOf(error)}); name a regular file in a writable directory`, { cause: error });
  }
  syncDirectory(dir);
  return target;
}

/**
 * Like `writeFileAtomic`, but never replaces an existing file: answers false, writing nothing, when `path`
 * exists (the check and the creation are one atomic step, so two processes never both win).
 */
export function createFileAtomic(path: string, content: string | Uint8Array): boolean {
  const target = resolve(path);
  const dir = ensureDirectory(dirname(target));
  const temporary = writeTemporary(dir, target, content);
  try {
    linkSync(temporary, target);
  } catch (error: unknown) {
    if (errnoOf(error) === 'EEXIST') return false;
    // A file system without hard links: a check then a rename (not atomic against a concurrent writer).
    if (['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS'].includes(errnoOf(error))) {
      if (lstatOrUndefined(target) !== undefined) return false;
      renameSync(temporary, target);
      return true;
    }
    throw new OutputPathError('CANNOT_WRITE', target, `cannot create ${target} (${errnoOf(error)}); choose a writable output directory`, { cause: error });
  } finally {
    unlinkQuietly(temporary);
  }
  syncDirectory(dir);
  return true;
}

/**
 * Checks before a long run that `path` can be written: nothing but a regular file is in its place, and files
 * can be created in its directory (see `preflightDirectory`). Throws `OutputPathError` naming what is in the way.
 */
export function preflightFile(path: string): string {
  const target = resolve(path);
  assertReplaceable(target);
  preflightDirectory(dirname(target));
  return target;
}

/**
 * Checks before a long run that files can be created in `dir`, without creating it: every existing part of the
 * path must be a directory, and the deepest existing one must take a new file (a probe file is created there
 * and removed at once). Throws `OutputPathError` naming what is in the way.
 */
export function preflightDirectory(dir: string): string {
  const target = resolve(dir);
  let existing = target;
  for (;;) {
    const stat = statOrUndefined(existing);
    if (stat !== undefined) {
      if (!stat.isDirectory()) throw new OutputPathError('NOT_A_DIRECTORY', existing, `cannot write in ${target}: ${existing} is a ${entryKind(stat)}, not a directory; choose another output path`);
      break;
    }
    if (lstatOrUndefined(existing)?.isSymbolicLink() === true) {
      throw new OutputPathError('NOT_A_DIRECTORY', existing, `cannot write in ${target}: ${existing} is a symbolic link to nothing; remove it or choose another output path`);
    }
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  // The probe is removed at once: creating it is the check, so it is not synced to disk (issue 26's start-up).
  unlinkQuietly(writeTemporary(existing, join(target, 'probe'), '', false));
  return target;
}

/** One file of a set written by `writeFilesAtomic`. */
export interface FileToWrite {
  readonly path: string;
  readonly content: string | Uint8Array;
}

/**
 * A set of files of which none was written: the error of the file that failed (`cause`), and the message says
 * that every file of the set kept what it held before.
 */
export class FileSetError extends OutputPathError {
  /** The absolute paths of the whole set, none of them changed. */
  readonly unchanged: readonly string[];

  constructor(failed: OutputPathError, unchanged: readonly string[]) {
    super(failed.code, failed.path, `${failed.message}; none of ${unchanged.join(', ')} was written (each keeps what it held before)`, { cause: failed });
    this.unchanged = unchanged;
  }
}

/**
 * Writes several files as one: all of them, or none. Every file's content first goes to a temporary file beside
 * it and is flushed to disk (a full disk, a read-only directory or a path in the way fails here, before any target
 * changes); then each is renamed over its target, the previous targets kept as hard links until every rename has
 * succeeded, and put back if one fails. Throws `FileSetError` naming the file that failed and the set left as it
 * was. Answers the absolute paths written, in order.
 */
export function writeFilesAtomic(files: readonly FileToWrite[]): string[] {
  const targets = files.map((f) => resolve(f.path));
  const temporaries: string[] = [];
  const backups: (string | undefined)[] = [];
  const renamed: number[] = [];
  try {
    files.forEach((file, i) => {
      const target = targets[i] as string;
      assertReplaceable(target);
      const dir = ensureDirectory(dirname(target));
      temporaries.push(writeTemporary(dir, target, file.content));
    });
    targets.forEach((target, i) => {
      let backup: string | undefined;
      if (lstatOrUndefined(target) !== undefined) {
        backup = `${temporaries[i] as string}.previous`;
        try {
          linkSync(target, backup);
        } catch (error: unknown) {
          throw new OutputPathError('CANNOT_WRITE', target, `cannot keep the previous ${target} while replacing it (${describeErrno(error)})`, { cause: error });
        }
      }
      backups.push(backup);
    });
    targets.forEach((target, i) => {
      assertReplaceable(target);
      try {
        renameSync(temporaries[i] as string, target);
      } catch (error: unknown) {
        throw new OutputPathError('CANNOT_WRITE', target, `cannot write ${target} (${describeErrno(error)})`, { cause: error });
      }
      renamed.push(i);
    });
  } catch (error: unknown) {
    // Put back what was replaced, remove what was created: the set is as it was.
    for (const i of renamed) {
      const backup = backups[i];
      try {
        if (backup === undefined) unlinkSync(targets[i] as string);
        else renameSync(backup, targets[i] as string);
      } catch {
        // Best effort: the message below still names every file of the set.
      }
    }
    for (const path of [...temporaries, ...backups]) if (path !== undefined) unlinkQuietly(path);
    const failed = error instanceof OutputPathError ? error : new OutputPathError('CANNOT_WRITE', targets[0] ?? '', `cannot write (${describeErrno(error)})`, { cause: error });
    throw new FileSetError(failed, targets);
  }
  for (const backup of backups) if (backup !== undefined) unlinkQuietly(backup);
  for (const dir of new Set(targets.map((t) => dirname(t)))) syncDirectory(dir);
  return targets;
}
