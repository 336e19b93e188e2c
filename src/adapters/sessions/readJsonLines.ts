import { open } from 'node:fs/promises';
import { readLines } from './readLines.ts';
import type { ReadNotes } from './SessionEvent.ts';
import { SessionFormatError } from './SessionFormatError.ts';

/** One parsed line of a JSONL session. */
export interface JsonLine {
  readonly line: number;
  readonly record: Record<string, unknown>;
  /** The line's length in characters, for throughput figures. */
  readonly length: number;
}

async function endsWithNewline(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return true;
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, size - 1);
    return byte[0] === 0x0a;
  } finally {
    await handle.close();
  }
}

/**
 * Streams a JSONL file, the parsed lines of each chunk read as one batch (lines split as readline splits them:
 * memory holds a chunk, never the file). A batch costs one await, not one per line. Blank lines are skipped.
 * A line that is not a JSON object fails with the file and line (after the lines before it are given), except
 * the last line of a file that does not end in a newline: a session still being written, which is a warning.
 */
export async function* readJsonLineBatches(file: string, notes: ReadNotes): AsyncGenerator<JsonLine[]> {
  let number = 0;
  // A parse failure is held until the next line shows it was not the last one.
  let failed: { readonly line: number; readonly error: unknown; readonly text: string } | undefined;
  try {
    for await (const batch of readLines(file)) {
      const out: JsonLine[] = [];
      for (const text of batch) {
        number += 1;
        if (failed !== undefined) {
          if (out.length > 0) yield out;
          throw malformed(file, failed);
        }
        // Blank lines are skipped; only a line that starts with whitespace needs trimming to tell (no copy of the rest).
        if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === '')) continue;
        notes.lines += 1;
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (error: unknown) {
          failed = { line: number, error, text };
          continue;
        }
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          if (out.length > 0) yield out;
          throw new SessionFormatError('MALFORMED_LINE', file, number, `the line is JSON but not an object (got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}); every session line is one JSON object`);
        }
        out.push({ line: number, record: value as Record<string, unknown>, length: text.length });
      }
      if (out.length > 0) yield out;
    }
  } catch (error: unknown) {
    if (error instanceof SessionFormatError) throw error;
    throw new SessionFormatError('UNREADABLE', file, number === 0 ? undefined : number, `cannot read the file: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (failed !== undefined) {
    if (await endsWithNewline(file)) throw malformed(file, failed);
    notes.warnings.push(`${file}:${failed.line}: the last line is torn (${failed.text.length} characters, no closing newline): the session was still being written; it is skipped`);
  }
}

/** The lines of `readJsonLineBatches` one by one. */
export async function* readJsonLines(file: string, notes: ReadNotes): AsyncGenerator<JsonLine> {
  for await (const batch of readJsonLineBatches(file, notes)) yield* batch;
}

function malformed(file: string, failed: { readonly line: number; readonly error: unknown; readonly text: string }): SessionFormatError {
  const reason = failed.error instanceof Error ? failed.error.message : String(failed.error);
  const start = failed.text.slice(0, 40);
  return new SessionFormatError('MALFORMED_LINE', file, failed.line, `not valid JSON (${reason}); the line starts ${JSON.stringify(start)}. Repair or remove the line; only a torn last line is skipped`, { cause: failed.error });
}
