import type { PolicyMessage, PolicyReasoning, PolicyToolCall } from '../policy/PolicyMessage.ts';
import { textOf } from './messageShape.ts';
import { readJsonLineBatches } from './readJsonLines.ts';
import { countUnknown, type ReadNotes, type RecordRef, type SessionEvent } from './SessionEvent.ts';
import { objectField } from './SessionFormatError.ts';
import { eventsOf, type SessionReader } from './SessionReader.ts';

// Record types Claude Code writes that are not part of the model's context.
const NOT_CONTEXT = new Set(['summary', 'file-history-snapshot', 'queue-operation', 'custom-title', 'tag']);

interface Held {
  readonly message: PolicyMessage;
  readonly uuid: string | undefined;
  readonly at: RecordRef;
}

/**
 * Claude Code session JSONL (`~/.claude/projects/<project>/<session>.jsonl`). One record a line with `uuid`,
 * `parentUuid`, `type` and `message` (the Anthropic Messages API message: text, thinking, `tool_use` and
 * `tool_result` blocks). An assistant turn is written one content block a record under one `message.id`;
 * the reader joins them. A compaction is a `system` record with `subtype: "compact_boundary"` and
 * `compactMetadata` (`trigger`, `preTokens`, optional `preservedSegment` with `headUuid`/`tailUuid`), then a
 * user record with `isCompactSummary: true` holding the summary. After the cut the model sees the summary and
 * the preserved segment. Side chains (`isSidechain: true`, sub-agents) are another context and are skipped.
 */
async function* batches(file: string, notes: ReadNotes): AsyncGenerator<SessionEvent[]> {
  // The events of the current batch of lines, given out once the batch is read.
  let out: SessionEvent[] = [];
  let context: Held[] = [];
  // Tool names by call id, for the results that carry only the id. Two generations, the calls of this window
  // and of the one before it (a call in flight at a compaction is answered after it), so the map is bounded
  // by the windows, not by the file.
  let toolNames = new Map<string, string>();
  let olderToolNames = new Map<string, string>();
  let assistant: { id: string; uuid: string | undefined; at: RecordRef; content: string[]; calls: PolicyToolCall[]; reasoning?: PolicyReasoning } | undefined;
  let boundary: { at: RecordRef; metadata: Record<string, unknown> } | undefined;

  /** The assistant turn being joined, as a message, once its last block is read. */
  function flush(): void {
    if (assistant === undefined) return;
    const a = assistant;
    assistant = undefined;
    const message: PolicyMessage = { role: 'assistant', id: a.uuid ?? a.id, content: a.content.join('\n'), ...(a.calls.length > 0 ? { toolCalls: a.calls } : {}), ...(a.reasoning === undefined ? {} : { reasoning: a.reasoning }) };
    context.push({ message, uuid: a.uuid, at: a.at });
    out.push({ kind: 'message', message, at: a.at });
  }

  /** The compaction a boundary opened, once its summary (or the next record, without one) is read. */
  function cut(summary: PolicyMessage | undefined, at: RecordRef): void {
    if (boundary === undefined) return;
    const b = boundary;
    boundary = undefined;
    const preserved = preservedSegment(context, b.metadata);
    const after = [...(summary === undefined ? [] : [summary]), ...preserved.map((h) => h.message)];
    const trigger = typeof b.metadata['trigger'] === 'string' ? b.metadata['trigger'] : undefined;
    out.push({
      kind: 'compaction',
      compaction: {
        at: b.at,
        before: context.map((h) => h.message),
        after,
        summary: summary === undefined ? { kind: 'opaque', reason: 'no isCompactSummary message followed the compact_boundary record' } : { kind: 'text', text: summary.content },
        afterExact: true,
        ...(trigger === undefined ? {} : { trigger }),
      },
    });
    context = [...(summary === undefined ? [] : [{ message: summary, uuid: summary.id, at }]), ...preserved];
    olderToolNames = toolNames;
    toolNames = new Map();
  }

  for await (const batch of readJsonLineBatches(file, notes)) {
    for (const { line, record } of batch) {
      const type = String(record['type']);
      const uuid = typeof record['uuid'] === 'string' ? record['uuid'] : undefined;
      const at: RecordRef = uuid === undefined ? { file, line } : { file, line, recordId: uuid };
      if (typeof record['version'] === 'string') notes.agentVersion = record['version'];
      if (record['isSidechain'] === true || NOT_CONTEXT.has(type)) continue;
      if (type === 'system') {
        if (record['subtype'] !== 'compact_boundary') continue;
        flush();
        cut(undefined, at);
        boundary = { at, metadata: (record['compactMetadata'] ?? {}) as Record<string, unknown> };
        continue;
      }
      if (type !== 'user' && type !== 'assistant') {
        countUnknown(notes, type);
        continue;
      }
      const message = objectField(record['message'], 'message', file, line, `${type} record`);
      if (type === 'assistant') {
        const id = typeof message['id'] === 'string' ? message['id'] : (uuid ?? `line-${line}`);
        if (assistant !== undefined && assistant.id !== id) flush();
        assistant ??= { id, uuid, at, content: [], calls: [] };
        for (const block of Array.isArray(message['content']) ? message['content'] : [{ type: 'text', text: textOf(message['content']) }]) {
          const b = block as Record<string, unknown>;
          if (b['type'] === 'text' && typeof b['text'] === 'string') assistant.content.push(b['text']);
          else if (b['type'] === 'tool_use' && typeof b['id'] === 'string' && typeof b['name'] === 'string') {
            const args = typeof b['input'] === 'object' && b['input'] !== null ? (b['input'] as Record<string, unknown>) : {};
            assistant.calls.push({ id: b['id'], name: b['name'], args });
            toolNames.set(b['id'], b['name']);
          } else if (b['type'] === 'thinking' && typeof b['thinking'] === 'string') {
            assistant.reasoning = { text: b['thinking'], ...(typeof b['signature'] === 'string' ? { signature: b['signature'] } : {}) };
          } else if (b['type'] === 'redacted_thinking' && typeof b['data'] === 'string') {
            assistant.reasoning = { text: '', signature: b['data'] };
          }
        }
        continue;
      }
      flush();
      if (record['isCompactSummary'] === true) {
        const summary: PolicyMessage = { role: 'user', ...(uuid === undefined ? {} : { id: uuid }), content: textOf(message['content']) };
        // A summary without its boundary (older versions): the whole context before it is replaced.
        boundary ??= { at, metadata: {} };
        cut(summary, at);
        continue;
      }
      cut(undefined, at);
      if (record['isVisibleInTranscriptOnly'] === true) continue;
      const content = message['content'];
      const blocks = Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
      const results = blocks.filter((b) => b?.['type'] === 'tool_result');
      const text = Array.isArray(content) ? textOf(blocks.filter((b) => b?.['type'] === 'text')) : textOf(content);
      const produced: PolicyMessage[] = results.map((b, i) => {
        const callId = String(b['tool_use_id']);
        const id = results.length === 1 && text === '' ? (uuid ?? `line-${line}`) : `${uuid ?? `line-${line}`}#${i}`;
        const name = toolNames.get(callId) ?? olderToolNames.get(callId) ?? 'unknown';
        return b['is_error'] === true ? { role: 'tool', id, toolCallId: callId, name, content: textOf(b['content']), isError: true } : { role: 'tool', id, toolCallId: callId, name, content: textOf(b['content']) };
      });
      if (text !== '' || results.length === 0) produced.push({ role: 'user', ...(uuid === undefined ? {} : { id: results.length === 0 ? uuid : `${uuid}#text` }), content: text });
      for (const m of produced) {
        context.push({ message: m, uuid, at });
        out.push({ kind: 'message', message: m, at });
      }
    }
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  flush();
  cut(undefined, { file, line: notes.lines });
  if (out.length > 0) yield out;
}

/**
 * The messages of the preserved segment in order: those `preservedMessages.uuids` lists (Claude Code 2.1),
 * else those from `preservedSegment.headUuid` to `tailUuid`; none without either.
 */
function preservedSegment(context: readonly Held[], metadata: Record<string, unknown>): Held[] {
  const listed = (metadata['preservedMessages'] as Record<string, unknown> | undefined)?.['uuids'];
  if (Array.isArray(listed)) return context.filter((h) => h.uuid !== undefined && listed.includes(h.uuid));
  const segment = (metadata['preservedSegment'] ?? metadata['preserved_segment']) as Record<string, unknown> | undefined;
  if (segment === undefined || segment === null) return [];
  const head = segment['headUuid'] ?? segment['head_uuid'];
  const tail = segment['tailUuid'] ?? segment['tail_uuid'];
  const start = context.findIndex((h) => h.uuid === head);
  let end = -1;
  for (let i = context.length - 1; i >= 0; i -= 1) if (context[i]?.uuid === tail) { end = i; break; }
  return start < 0 || end < start ? [] : context.slice(start, end + 1);
}

export const claudeCodeReader: SessionReader = {
  format: 'claude-code',
  agent: 'Claude Code',
  versions: '2.x, checked on 2.1.332 (a summary without a compact_boundary record before it, as older files have, replaces everything before it)',
  definedIn: 'closed source: Agent SDK typings (SDKCompactBoundaryMessage) and files Claude Code writes',
  sniff: (first) => ('parentUuid' in first && 'uuid' in first) || first['type'] === 'file-history-snapshot' || first['type'] === 'queue-operation' || (first['type'] === 'summary' && 'leafUuid' in first),
  batches,
  read: (file, notes) => eventsOf(batches(file, notes)),
};
