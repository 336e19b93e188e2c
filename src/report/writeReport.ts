import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Where prunecheck writes reports when the user names no path (`--out`, `--out-dir`, `--counterexamples`). */
export const REPORTS_DIR = 'reports';

/** JSON as every prunecheck file is written: 2-space indentation and a trailing newline. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Writes a report, creating parent directories. The write goes through a temporary file and a rename so a
 * reader (CI uploading artefacts, a second run) never sees half a report. Answers the absolute path.
 */
export async function writeReport(path: string, content: string): Promise<string> {
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, content, 'utf8');
  await rename(temporary, target);
  return target;
}
