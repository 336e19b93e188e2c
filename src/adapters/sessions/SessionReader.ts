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
  read(file: string, notes: ReadNotes): AsyncIterable<SessionEvent>;
}
