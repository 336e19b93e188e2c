import { writeFileAtomic } from './writeFileAtomic.ts';

/** Where prunecheck writes reports when the user names no path (`--out`, `--out-dir`, `--counterexamples`). */
export const REPORTS_DIR = 'reports';

/** JSON as every prunecheck file is written: 2-space indentation and a trailing newline. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Writes a report atomically (`writeFileAtomic`: a temporary file in the same directory, fsync, rename), creating
 * parent directories, so a reader (CI uploading artefacts, a second run) never sees half a report. Refuses to
 * replace anything but a regular file (a symbolic link, a FIFO, a directory, a device). Answers the absolute path.
 */
export function writeReportSync(path: string, content: string): string {
  return writeFileAtomic(path, content);
}

/** `writeReportSync`, as a promise (the library API). */
export async function writeReport(path: string, content: string): Promise<string> {
  return writeReportSync(path, content);
}
