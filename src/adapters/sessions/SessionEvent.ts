import type { PolicyMessage } from '../policy/PolicyMessage.ts';

/** Where a record sits in a recorded session: the file, its 1-based line (or table row), the record's own id. */
export interface RecordRef {
  readonly file: string;
  readonly line: number;
  readonly recordId?: string;
}

/**
 * What a compaction's summary is. `text`: the words the model wrote, as the next request holds them.
 * `opaque`: the format keeps no readable summary (Codex remote compaction's encrypted item, a gemini-cli
 * compression without its snapshot); only the structural rules apply.
 */
export type RecordedSummary =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'opaque'; readonly reason: string };

/**
 * One compaction as a recording holds it. `before` is the list the model saw last before the cut; `after`
 * is exactly what the agent's next model request holds as the format defines it (Claude Code's summary and
 * preserved segment, Codex's `replacement_history`, pi's summary and entries from `firstKeptEntryId`,
 * opencode's summary and the messages after it, gemini-cli's `$set` history).
 */
export interface RecordedCompaction {
  readonly at: RecordRef;
  readonly before: readonly PolicyMessage[];
  readonly after: readonly PolicyMessage[];
  readonly summary: RecordedSummary;
  /** `auto`, `manual`, or what the format calls it, when it says. */
  readonly trigger?: string;
  /**
   * False when the format does not record `after` itself and the reader rebuilt it by the agent's own rule
   * (Codex before `replacement_history`); the findings say so.
   */
  readonly afterExact: boolean;
}

/** A message appended to the model's context (a user turn, an assistant turn or tool call, a tool result). */
export interface RecordedMessage {
  readonly kind: 'message';
  readonly message: PolicyMessage;
  readonly at: RecordRef;
}

/** What a reader yields, in file order. */
export type SessionEvent = RecordedMessage | { readonly kind: 'compaction'; readonly compaction: RecordedCompaction };

/** What a reader noticed without failing: unknown record types (counted and skipped), a torn last line. */
export interface ReadNotes {
  /** Record types the reader does not know, with how many it skipped. */
  readonly unknown: Map<string, number>;
  readonly warnings: string[];
  /** Lines (or rows) read. */
  lines: number;
  /** The agent's version as the session records it, when it does. */
  agentVersion?: string;
}

export function newNotes(): ReadNotes {
  return { unknown: new Map(), warnings: [], lines: 0 };
}

/** Counts one skipped record of an unknown type. */
export function countUnknown(notes: ReadNotes, type: string): void {
  notes.unknown.set(type, (notes.unknown.get(type) ?? 0) + 1);
}
