import type { ReadNotes, SessionEvent } from './SessionEvent.ts';

/** The session formats `prunecheck audit` reads. */
export const SESSION_FORMATS = ['prunecheck', 'claude-code', 'codex', 'pi', 'opencode', 'gemini-cli'] as const;
export type SessionFormat = (typeof SESSION_FORMATS)[number];

/**
 * A reader of one agent's recorded sessions, written from the format's own definition. It turns the agent's
 * records into prunecheck's messages and compactions, streaming: it holds the current context window, never
 * the file.
 */
export interface SessionReader {
  readonly format: SessionFormat;
  /** The agent and the versions of its format this reader was written against. */
  readonly agent: string;
  readonly versions: string;
  /** Where the format is defined (the agent's public source). */
  readonly definedIn: string;
  /** Whether a JSONL session's first record is this format's (SQLite stores are recognised by their header). */
  sniff(first: Readonly<Record<string, unknown>>): boolean;
  /**
   * The events in file order, a batch per chunk read: an audit awaits once a batch, not once an event (on a
   * session of a hundred thousand records the awaits cost as much as the reading).
   */
  batches(file: string, notes: ReadNotes): AsyncIterable<readonly SessionEvent[]>;
  /** The same events one by one. */
  read(file: string, notes: ReadNotes): AsyncIterable<SessionEvent>;
}

/** The events of `batches`, one by one (a reader's `read`). */
export async function* eventsOf(batches: AsyncIterable<readonly SessionEvent[]>): AsyncGenerator<SessionEvent> {
  for await (const batch of batches) yield* batch;
}
