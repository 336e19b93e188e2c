import { readFile, stat } from 'node:fs/promises';
import type { PolicyMessage, PolicyToolCall } from '../policy/PolicyMessage.ts';
import { countUnknown, type ReadNotes, type RecordRef, type SessionEvent } from './SessionEvent.ts';
import { SessionFormatError } from './SessionFormatError.ts';
import { eventsOf, type SessionReader } from './SessionReader.ts';

/** How opencode renders a compaction request part and a pruned tool output to the model (session/message-v2.ts). */
export const OPENCODE_COMPACTION_PROMPT = 'What did we do so far?';
export const OPENCODE_CLEARED_OUTPUT = '[Old tool result content cleared]';
// Part types that never reach the model as content.
const NOT_CONTENT = new Set(['step-start', 'step-finish', 'snapshot', 'patch', 'agent', 'retry', 'file']);

interface Row {
  readonly id: string;
  readonly data: Record<string, unknown>;
}

type Database = { exec(sql: string, params?: unknown[]): { columns: string[]; values: unknown[][] }[]; close(): void };

async function openDatabase(file: string): Promise<Database> {
  // sql.js: SQLite compiled to WebAssembly, no native build; loaded only when an opencode store is read.
  const { default: initSqlJs } = await import('sql.js');
  const SQL = await initSqlJs();
  try {
    return new SQL.Database(await readFile(file)) as unknown as Database;
  } catch (error: unknown) {
    throw new SessionFormatError('BAD_DATABASE', file, undefined, `not a SQLite database sql.js can open: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function rows(db: Database, file: string, sql: string, params: unknown[]): Row[] {
  let result;
  try {
    result = db.exec(sql, params)[0];
  } catch (error: unknown) {
    throw new SessionFormatError('BAD_DATABASE', file, undefined, `the store lacks opencode's tables (session, message, part with a JSON 'data' column): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return (result?.values ?? []).map((v, i) => {
    let data: unknown;
    try {
      data = JSON.parse(String(v[1]));
    } catch (error: unknown) {
      throw new SessionFormatError('BAD_FIELD', file, i + 1, `row ${String(v[0])}: column 'data' is not JSON`, { cause: error });
    }
    if (typeof data !== 'object' || data === null) throw new SessionFormatError('BAD_FIELD', file, i + 1, `row ${String(v[0])}: column 'data' must hold a JSON object`);
    return { id: String(v[0]), data: data as Record<string, unknown> };
  });
}

/** One opencode message with its parts as the model receives them (`toModelMessages`). */
function modelMessages(message: Row, parts: readonly Row[], notes: ReadNotes): PolicyMessage[] {
  const role = message.data['role'];
  const texts: string[] = [];
  const calls: PolicyToolCall[] = [];
  const results: PolicyMessage[] = [];
  let reasoning: string | undefined;
  for (const part of parts) {
    const p = part.data;
    const type = String(p['type']);
    if (type === 'text' && typeof p['text'] === 'string') texts.push(p['text']);
    else if (type === 'compaction') texts.push(OPENCODE_COMPACTION_PROMPT);
    else if (type === 'reasoning' && typeof p['text'] === 'string') reasoning = p['text'];
    else if (type === 'tool') {
      const state = (p['state'] ?? {}) as Record<string, unknown>;
      const callId = String(p['callID'] ?? part.id);
      const name = String(p['tool'] ?? 'unknown');
      calls.push({ id: callId, name, args: (state['input'] ?? {}) as Record<string, unknown> });
      const time = (state['time'] ?? {}) as Record<string, unknown>;
      if (state['status'] === 'completed') results.push({ role: 'tool', id: part.id, toolCallId: callId, name, content: time['compacted'] !== undefined && time['compacted'] !== null ? OPENCODE_CLEARED_OUTPUT : String(state['output'] ?? '') });
      else if (state['status'] === 'error') results.push({ role: 'tool', id: part.id, toolCallId: callId, name, content: String(state['error'] ?? ''), isError: true });
    } else if (!NOT_CONTENT.has(type)) countUnknown(notes, `part.${type}`);
  }
  if (role === 'user') return [{ role: 'user', id: message.id, content: texts.join('\n') }];
  return [{ role: 'assistant', id: message.id, content: texts.join('\n'), ...(calls.length > 0 ? { toolCalls: calls } : {}), ...(reasoning === undefined ? {} : { reasoning: { text: reasoning } }) }, ...results];
}

/**
 * opencode's SQLite store (`~/.local/share/opencode/opencode.db`: tables `session`, `message`, `part`, JSON in
 * `data`; packages/opencode/src/session/message-v2.ts, compaction.ts). A compaction is a user message whose
 * part is `{type: "compaction"}` followed by an assistant message with `summary: true`; the model's view then
 * starts at that user message (`filterCompacted`). The store is read with sql.js (WebAssembly, no native
 * build), which loads the file whole: an opencode store is bounded by the database, not streamed. Each
 * session in the store is its own context; `line` in a reference is the message's 1-based position in its
 * session.
 */
async function* batches(file: string, notes: ReadNotes): AsyncGenerator<SessionEvent[]> {
  const db = await openDatabase(file);
  // opencode writes its store in WAL mode: while it runs, the latest rows sit in <store>-wal, which sql.js
  // (reading the main file only) cannot see. The store's torn last line, so to speak: a warning.
  const wal = await stat(`${file}-wal`).catch(() => undefined);
  if (wal !== undefined && wal.size > 0) notes.warnings.push(`${file}: a write-ahead log of ${wal.size} bytes (${file}-wal) is not checkpointed: opencode is running or was stopped abruptly, and the rows in it are not read; stop opencode, or run sqlite3 ${file} 'PRAGMA wal_checkpoint(TRUNCATE)', to include them`);
  // The store is in memory already; events go out a few hundred at a time.
  let out: SessionEvent[] = [];
  try {
    const sessions = rows(db, file, 'SELECT id, json_object(\'version\', version) FROM session ORDER BY time_created, id', []);
    for (const session of sessions) {
      if (typeof session.data['version'] === 'string') notes.agentVersion = session.data['version'];
      const messages = rows(db, file, 'SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id', [session.id]);
      let context: PolicyMessage[] = [];
      let request: { message: PolicyMessage; at: RecordRef; auto: boolean } | undefined;
      for (const [i, message] of messages.entries()) {
        notes.lines += 1;
        const at: RecordRef = { file, line: i + 1, recordId: message.id };
        const parts = rows(db, file, 'SELECT id, data FROM part WHERE message_id = ? ORDER BY id', [message.id]);
        const isRequest = message.data['role'] === 'user' && parts.some((p) => p.data['type'] === 'compaction');
        const produced = modelMessages(message, parts, notes);
        if (isRequest) {
          request = { message: produced[0] as PolicyMessage, at, auto: parts.some((p) => p.data['type'] === 'compaction' && p.data['auto'] === true) };
          continue;
        }
        if (message.data['role'] === 'assistant' && message.data['summary'] === true) {
          const summary = produced[0] as PolicyMessage;
          const after = [...(request === undefined ? [] : [request.message]), summary];
          const trigger = request === undefined ? undefined : request.auto ? 'auto' : 'manual';
          out.push({ kind: 'compaction', compaction: { at, before: context, after, summary: { kind: 'text', text: summary.content }, afterExact: true, ...(trigger === undefined ? {} : { trigger }) } });
          context = [...after];
          request = undefined;
          continue;
        }
        if (request !== undefined) {
          // A compaction request the summarizer never answered: it stays in the context as a user turn.
          context.push(request.message);
          out.push({ kind: 'message', message: request.message, at: request.at });
          request = undefined;
        }
        for (const m of produced) {
          context.push(m);
          out.push({ kind: 'message', message: m, at });
        }
        if (out.length >= 256) {
          yield out;
          out = [];
        }
      }
    }
    if (out.length > 0) yield out;
  } finally {
    db.close();
  }
}

export const opencodeReader: SessionReader = {
  format: 'opencode',
  agent: 'opencode (opencode-ai)',
  versions: 'the SQLite store (session, message, part tables), checked on 1.18.33; the JSON-file storage of older versions is not read',
  definedIn: 'sst/opencode packages/opencode/src/session/message-v2.ts, compaction.ts',
  sniff: () => false,
  batches,
  read: (file, notes) => eventsOf(batches(file, notes)),
};
