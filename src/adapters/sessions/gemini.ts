import type { PolicyMessage, PolicyToolCall } from '../policy/PolicyMessage.ts';
import { readJsonLines } from './readJsonLines.ts';
import { countUnknown, type ReadNotes, type RecordRef, type SessionEvent } from './SessionEvent.ts';
import { SessionFormatError } from './SessionFormatError.ts';
import type { SessionReader } from './SessionReader.ts';

// Message types gemini-cli records that are not sent to the model (chatRecordingTypes.ts).
const NOT_CONTEXT = new Set(['info', 'error', 'warning']);

/** Text of a `PartListUnion`: a string, a part, or a list of parts; function responses as their JSON. */
function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : content === undefined || content === null ? [] : [content];
  return parts
    .map((p) => {
      if (typeof p === 'string') return p;
      const part = p as Record<string, unknown>;
      if (typeof part['text'] === 'string') return part['thought'] === true ? '' : part['text'];
      const response = part['functionResponse'] as Record<string, unknown> | undefined;
      if (response !== undefined) {
        const r = response['response'] as Record<string, unknown> | undefined;
        return typeof r?.['output'] === 'string' ? r['output'] : JSON.stringify(r ?? {});
      }
      return '';
    })
    .filter((t) => t !== '')
    .join('\n');
}

/** A `MessageRecord` as the model receives it: a user turn, or a model turn with its calls and their results. */
function messagesOf(record: Record<string, unknown>): PolicyMessage[] {
  const id = String(record['id']);
  if (record['type'] === 'user') return [{ role: 'user', id, content: partsText(record['content']) }];
  const calls = Array.isArray(record['toolCalls']) ? (record['toolCalls'] as Record<string, unknown>[]) : [];
  const toolCalls: PolicyToolCall[] = calls.map((c) => ({ id: String(c['id']), name: String(c['name']), args: (c['args'] ?? {}) as Record<string, unknown> }));
  const results: PolicyMessage[] = calls
    .filter((c) => c['result'] !== undefined && c['result'] !== null)
    .map((c) => ({ role: 'tool', id: `${id}#${String(c['id'])}`, toolCallId: String(c['id']), name: String(c['name']), content: partsText(c['result']), ...(c['status'] === 'error' ? { isError: true } : {}) }));
  return [{ role: 'assistant', id, content: partsText(record['content']), ...(toolCalls.length > 0 ? { toolCalls } : {}) }, ...results];
}

const isMessage = (r: Record<string, unknown>): boolean => typeof r['id'] === 'string' && typeof r['type'] === 'string' && 'content' in r;

/**
 * gemini-cli session JSONL (`~/.gemini/tmp/<project>/chats/session-*.jsonl`; packages/core/src/services/
 * chatRecordingService.ts, chatRecordingTypes.ts): a metadata line, `MessageRecord` lines (a record with a
 * known id replaces it: tool results arrive that way), `{"$rewindTo": id}` (the user rewound: history cut, not
 * a compaction) and `{"$set": {…}}`. A `$set` whose `messages` drops messages the history held is a
 * compression: the new list (the `<state_snapshot>` turn, the model's acknowledgement, the kept turns) is
 * exactly the next request's history, and its first new message is the summary. A `$set` that only rewrites
 * contents (tool-output masking) is an edit in place.
 */
async function* read(file: string, notes: ReadNotes): AsyncGenerator<SessionEvent> {
  const history = new Map<string, Record<string, unknown>>();
  const emitted = new Set<string>();
  const context = (): PolicyMessage[] => [...history.values()].flatMap(messagesOf);
  for await (const { line, record } of readJsonLines(file, notes)) {
    if (typeof record['$rewindTo'] === 'string') {
      const ids = [...history.keys()];
      const at = ids.indexOf(record['$rewindTo']);
      for (const id of at < 0 ? ids : ids.slice(at)) history.delete(id);
      continue;
    }
    if (record['$set'] !== undefined) {
      const set = record['$set'] as Record<string, unknown>;
      if (typeof set !== 'object' || set === null) throw new SessionFormatError('BAD_FIELD', file, line, `field '$set' must be an object`);
      if (set['messages'] === undefined) continue;
      if (!Array.isArray(set['messages'])) throw new SessionFormatError('BAD_FIELD', file, line, `field '$set.messages' must be an array of message records`);
      const next = (set['messages'] as unknown[]).filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && isMessage(m as Record<string, unknown>));
      const nextIds = new Set(next.map((m) => String(m['id'])));
      const removed = [...history.keys()].filter((id) => !nextIds.has(id));
      const before = context();
      history.clear();
      for (const m of next) if (!NOT_CONTEXT.has(String(m['type']))) history.set(String(m['id']), m);
      const after = context();
      for (const m of after) if (m.id !== undefined) emitted.add(m.id);
      if (removed.length === 0) continue;
      const fresh = next.find((m) => !before.some((b) => b.id === m['id']));
      const summaryText = fresh === undefined ? undefined : partsText(fresh['content']);
      const at: RecordRef = { file, line, ...(fresh === undefined ? {} : { recordId: String(fresh['id']) }) };
      yield { kind: 'compaction', compaction: { at, before, after, summary: summaryText === undefined ? { kind: 'opaque', reason: 'the history was cut without a summary (truncation)' } : { kind: 'text', text: summaryText }, afterExact: true } };
      continue;
    }
    if (!isMessage(record)) {
      // The first line is the session's metadata; anything else unknown is counted.
      if (typeof record['sessionId'] !== 'string') countUnknown(notes, Object.keys(record).slice(0, 2).join('+') || 'empty');
      continue;
    }
    if (NOT_CONTEXT.has(String(record['type']))) continue;
    history.set(String(record['id']), record);
    for (const message of messagesOf(record)) {
      if (message.id === undefined) continue;
      if (emitted.has(message.id)) {
        // A model turn re-recorded with calls it did not have: the new calls are what the agent did next.
        const fresh = message.role === 'assistant' ? (message.toolCalls ?? []).filter((c) => !emitted.has(`${message.id}@${c.id}`)) : [];
        for (const c of fresh) {
          emitted.add(`${message.id}@${c.id}`);
          yield { kind: 'message', message: { role: 'assistant', id: `${message.id}@${c.id}`, content: '', toolCalls: [c] }, at: { file, line, recordId: String(record['id']) } };
        }
        continue;
      }
      emitted.add(message.id);
      if (message.role === 'assistant') for (const c of message.toolCalls ?? []) emitted.add(`${message.id}@${c.id}`);
      yield { kind: 'message', message, at: { file, line, recordId: String(record['id']) } };
    }
  }
}

export const geminiReader: SessionReader = {
  format: 'gemini-cli',
  agent: 'gemini-cli (@google/gemini-cli)',
  versions: 'JSONL session logs with $set/$rewindTo records (written against chatRecordingService.ts of 0.56; the single-JSON session files of earlier versions are not read)',
  definedIn: 'google-gemini/gemini-cli packages/core/src/services/chatRecordingService.ts, chatRecordingTypes.ts',
  sniff: (first) => typeof first['sessionId'] === 'string' && typeof first['projectHash'] === 'string',
  read,
};
