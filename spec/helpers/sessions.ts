import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newNotes, type ReadNotes, type RecordedCompaction, type RecordedMessage, type SessionEvent } from '../../src/adapters/sessions/SessionEvent.ts';
import type { SessionReader } from '../../src/adapters/sessions/SessionReader.ts';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'sessions');

/** Writes `text` to a fresh temporary file and answers its path. */
export function tempSession(text: string | Uint8Array, name = 'session.jsonl'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'prunecheck-audit-')), name);
  writeFileSync(file, text);
  return file;
}

/** Every event a reader yields for `file`, split by kind, with its notes. */
export async function readAll(reader: SessionReader, file: string): Promise<{ events: SessionEvent[]; messages: RecordedMessage[]; compactions: RecordedCompaction[]; notes: ReadNotes }> {
  const notes = newNotes();
  const events: SessionEvent[] = [];
  for await (const e of reader.read(file, notes)) events.push(e);
  return {
    events,
    messages: events.flatMap((e) => (e.kind === 'message' ? [e] : [])),
    compactions: events.flatMap((e) => (e.kind === 'compaction' ? [e.compaction] : [])),
    notes,
  };
}

/** The first error `promise` rejects with (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string; line?: number }> {
  try {
    await promise;
  } catch (error: unknown) {
    return error as Error & { code?: string; line?: number };
  }
  throw new Error('expected a rejection');
}
