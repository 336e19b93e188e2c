import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SessionFormatError } from '../../adapters/sessions/SessionFormatError.ts';

const SESSION_FILE = /\.(?:jsonl|db|sqlite)$/;
const SKIP_DIRS = new Set(['node_modules', '.git']);

/**
 * The files the user named, and under each directory named, every `.jsonl`, `.db` or `.sqlite` file, sorted
 * by path (a stable report order). `named` marks files the user gave directly: those must be readable.
 */
export function collectSessions(paths: readonly string[]): { readonly file: string; readonly named: boolean }[] {
  const out: { file: string; named: boolean }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) walk(path);
      else if (entry.isFile() && SESSION_FILE.test(entry.name)) out.push({ file: path, named: false });
    }
  };
  for (const path of paths) {
    let stat;
    try {
      stat = statSync(path);
    } catch (error: unknown) {
      throw new SessionFormatError('UNREADABLE', path, undefined, `no such file or directory; name a session file or a directory that holds sessions`, { cause: error });
    }
    if (stat.isDirectory()) walk(path);
    else out.push({ file: path, named: true });
  }
  return out;
}
