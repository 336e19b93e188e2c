import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { SessionFormatError } from './SessionFormatError.ts';
import type { SessionFormat, SessionReader } from './SessionReader.ts';

const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** The first non-blank line of a file parsed as JSON, or undefined (not JSON, or empty). */
async function firstRecord(file: string): Promise<Record<string, unknown> | undefined> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  try {
    for await (const text of lines) {
      if (text.trim() === '') continue;
      try {
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
      } catch {
        return undefined;
      }
    }
    return undefined;
  } finally {
    lines.close();
  }
}

/** Whether a file starts with the SQLite header. */
export async function isSqlite(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const bytes = Buffer.alloc(16);
    const { bytesRead } = await handle.read(bytes, 0, 16, 0);
    return bytesRead === 16 && bytes.toString('latin1') === SQLITE_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * Which reader reads `file`: a SQLite store is opencode's; a JSONL session is the first reader whose `sniff`
 * accepts its first record. Undefined when none does (a directory walk skips such a file; a named file fails).
 */
export async function detectFormat(file: string, readers: readonly SessionReader[]): Promise<SessionFormat | undefined> {
  if (await isSqlite(file)) return readers.some((r) => r.format === 'opencode') ? 'opencode' : undefined;
  const first = await firstRecord(file);
  if (first === undefined) return undefined;
  return readers.find((r) => r.format !== 'opencode' && r.sniff(first))?.format;
}

/** The reader for `format`, or a SessionFormatError listing the known ones. */
export function readerFor(format: SessionFormat, readers: readonly SessionReader[], file: string): SessionReader {
  const reader = readers.find((r) => r.format === format);
  if (reader === undefined) throw new SessionFormatError('UNKNOWN_FORMAT', file, undefined, `no reader for format '${format}'; formats: ${readers.map((r) => r.format).join(', ')}`);
  return reader;
}
