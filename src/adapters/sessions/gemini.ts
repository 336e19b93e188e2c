import type { PolicyMessage, PolicyToolCall } from '../policy/PolicyMessage.ts';
import { readJsonLineBatches } from './readJsonLines.ts';
import { countUnknown, type ReadNotes, type RecordRef, type SessionEvent } from './SessionEvent.ts';
import { SessionFormatError } from './SessionFormatError.ts';
import { eventsOf, type SessionReader } from './SessionReader.ts';

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
  if (record['type'] === 'user') {
    // A user turn of function responses is the tool results the Gemini API carries in the user role.
    const parts = Array.isArray(record['content']) ? (record['content'] as Record<string, unknown>[]) : [];
    const responses = parts.filter((p) => typeof p === 'object' && p !== null && p['functionResponse'] !== undefined);
    if (responses.length > 0 && responses.length === parts.length) {
      return responses.map((p) => {
        const r = p['functionResponse'] as Record<string, unknown>;
        return { role: 'tool', id: `result:${String(r['id'])}`, toolCallId: String(r['id']), name: String(r['name']), content: partsText([p]) };
      });
    }
    return [{ role: 'user', id, content: partsText(record['content']) }];
  }
  const calls = Array.isArray(record['toolCalls']) ? (record['toolCalls'] as Record<string, unknown>[]) : [];
  // A history written back by a $set holds the model turn in the Gemini API's shape: functionCall parts.
  const parts = Array.isArray(record['content']) ? (record['content'] as Record<string, unknown>[]) : [];
  const partCalls = parts.flatMap((p) => (typeof p === 'object' && p !== null && typeof p['functionCall'] === 'object' && p['functionCall'] !== null ? [p['functionCall'] as Record<string, unknown>] : []));
  const toolCalls: PolicyToolCall[] = [...calls, ...partCalls.filter((f) => !calls.some((c) => c['id'] === f['id']))].map((c) => ({ id: String(c['id']), name: String(c['name']), args: (c['args'] ?? {}) as Record<string, unknown> }));
  const results: PolicyMessage[] = calls
    .filter((c) => c['result'] !== undefined && c['result'] !== null)
    .map((c) => ({ role: 'tool', id: `result:${String(c['id'])}`, toolCallId: String(c['id']), name: String(c['name']), content: partsText(c['result']), ...(c['status'] === 'error' ? { isError: true } : {}) }));
  return [{ role: 'assistant', id, content: partsText(record['content']), ...(toolCalls.length > 0 ? { toolCalls } : {}) }, ...results];
}

// A model turn and the function-response turn after it may share an id: the type is part of the key.
const keyOf = (r: Record<string, unknown>): string => `${String(r['type'])}:${String(r['id'])}`;
const isMessage = (r: Record<string, unknown>): boolean => typeof r['id'] === 'string' && typeof r['type'] === 'string' && 'content' in r;

/**
 * gemini-cli session JSONL (`~/.gemini/tmp/<project>/chats/session-*.jsonl`; packages/core/src/services/
 * chatRecordingService.ts, chatRecordingTypes.ts): a metadata line, `MessageRecord` lines (a record with a
 * known id replaces it: tool results arrive that way), `{"$rewindTo": id}` (the user rewound: history cut, not
 * a compaction) and `{"$set": {…}}`. A `$set` of `messages` replaces the history: on every resume (the
 * history as reloaded) and on compression. It is a compression when it brings a new `<state_snapshot>` turn
 * (chatCompressionService): the new list (snapshot, the model's acknowledgement, the kept turns, possibly
 * under new ids) is exactly the next request's history, and the snapshot is the summary.
 */
async function* batches(file: string, notes: ReadNotes): AsyncGenerator<SessionEvent[]> {
  let out: SessionEvent[] = [];
  const history = new Map<string, Record<string, unknown>>();
  const emitted = new Set<string>();
  // A tool result recorded twice (in the model turn's toolCalls and as a function-response turn) counts once.
  const context = (): PolicyMessage[] => {
    const seen = new Set<string>();
    return [...history.values()].flatMap(messagesOf).filter((m) => m.id === undefined || (!seen.has(m.id) && seen.add(m.id) !== undefined));
  };
  for await (const batch of readJsonLineBatches(file, notes)) {
    for (const { line, record } of batch) {
      if (typeof record['$rewindTo'] === 'string') {
        const keys = [...history.keys()];
        const at = keys.findIndex((k) => k.endsWith(`:${String(record['$rewindTo'])}`));
        for (const key of at < 0 ? keys : keys.slice(at)) history.delete(key);
        continue;
      }
      if (record['$set'] !== undefined) {
        const set = record['$set'] as Record<string, unknown>;
        if (typeof set !== 'object' || set === null) throw new SessionFormatError('BAD_FIELD', file, line, `field '$set' must be an object`);
        if (set['messages'] === undefined) continue;
        if (!Array.isArray(set['messages'])) throw new SessionFormatError('BAD_FIELD', file, line, `field '$set.messages' must be an array of message records`);
        const next = (set['messages'] as unknown[]).filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && isMessage(m as Record<string, unknown>));
        const before = context();
        history.clear();
        for (const m of next) if (!NOT_CONTEXT.has(String(m['type']))) history.set(keyOf(m), m);
        // gemini-cli compresses between a tool call and sending its result: the result the history held goes
        // out with the next request, right after the new list.
        const listed = context();
        const pending = before.filter((b) => b.role === 'tool' && !listed.some((a) => a.role === 'tool' && a.toolCallId === b.toolCallId) && listed.some((a) => a.role === 'assistant' && (a.toolCalls ?? []).some((c) => c.id === b.toolCallId)));
        const after = [...listed, ...pending];
        for (const m of after) if (m.id !== undefined) emitted.add(m.id);
        // Every resume writes the reloaded history as a $set too; only a new <state_snapshot> turn marks a
        // compression (chatCompressionService), and kept turns may come back under new ids.
        const fresh = next.find((m) => {
          const text = partsText(m['content']);
          return text.includes('<state_snapshot>') && !before.some((b) => b.content === text);
        });
        if (fresh === undefined) continue;
        const summaryText = partsText(fresh['content']);
        const at: RecordRef = { file, line, recordId: String(fresh['id']) };
        out.push({ kind: 'compaction', compaction: { at, before, after, summary: { kind: 'text', text: summaryText }, afterExact: true } });
        continue;
      }
      if (!isMessage(record)) {
        // The first line is the session's metadata; anything else unknown is counted.
        if (typeof record['sessionId'] !== 'string') countUnknown(notes, Object.keys(record).slice(0, 2).join('+') || 'empty');
        continue;
      }
      if (NOT_CONTEXT.has(String(record['type']))) continue;
      history.set(keyOf(record), record);
      for (const message of messagesOf(record)) {
        if (message.id === undefined) continue;
        if (emitted.has(message.id)) {
          // A model turn re-recorded with calls it did not have: the new calls are what the agent did next.
          const fresh = message.role === 'assistant' ? (message.toolCalls ?? []).filter((c) => !emitted.has(`${message.id}@${c.id}`)) : [];
          for (const c of fresh) {
            emitted.add(`${message.id}@${c.id}`);
            out.push({ kind: 'message', message: { role: 'assistant', id: `${message.id}@${c.id}`, content: '', toolCalls: [c] }, at: { file, line, recordId: String(record['id']) } });
          }
          continue;
        }
        emitted.add(message.id);
        if (message.role === 'assistant') for (const c of message.toolCalls ?? []) emitted.add(`${message.id}@${c.id}`);
        out.push({ kind: 'message', message, at: { file, line, recordId: String(record['id']) } });
      }
    }
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

export const geminiReader: SessionReader = {
  format: 'gemini-cli',
  agent: 'gemini-cli (@google/gemini-cli)',
  versions: 'JSONL session logs with $set/$rewindTo records (written against chatRecordingService.ts of 0.56; the single-JSON session files of earlier versions are not read)',
  definedIn: 'google-gemini/gemini-cli packages/core/src/services/chatRecordingService.ts, chatRecordingTypes.ts',
  sniff: (first) => typeof first['sessionId'] === 'string' && typeof first['projectHash'] === 'string',
  batches,
  read: (file, notes) => eventsOf(batches(file, notes)),
};
