import type { PolicyMessage, PolicyReasoning, PolicyToolCall } from '../policy/PolicyMessage.ts';
import { textOf } from './messageShape.ts';
import { readJsonLines } from './readJsonLines.ts';
import { countUnknown, type ReadNotes, type RecordRef, type SessionEvent } from './SessionEvent.ts';
import { objectField } from './SessionFormatError.ts';
import type { SessionReader } from './SessionReader.ts';

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
async function* read(file: string, notes: ReadNotes): AsyncGenerator<SessionEvent> {
  let context: Held[] = [];
  const toolNames = new Map<string, string>();
  let assistant: { id: string; uuid: string | undefined; at: RecordRef; content: string[]; calls: PolicyToolCall[]; reasoning?: PolicyReasoning } | undefined;
  let boundary: { at: RecordRef; metadata: Record<string, unknown> } | undefined;

  // flush and cut answer the one event they make, if any: a generator delegated to per line (yield*) costs an
  // await per step in the async generator below, more than the line's own work.
  function flush(): SessionEvent | undefined {
    if (assistant === undefined) return undefined;
    const a = assistant;
    assistant = undefined;
    const message: PolicyMessage = { role: 'assistant', id: a.uuid ?? a.id, content: a.content.join('\n'), ...(a.calls.length > 0 ? { toolCalls: a.calls } : {}), ...(a.reasoning === undefined ? {} : { reasoning: a.reasoning }) };
    context.push({ message, uuid: a.uuid, at: a.at });
    return { kind: 'message', message, at: a.at };
  }

  function cut(summary: PolicyMessage | undefined, at: RecordRef): SessionEvent | undefined {
    if (boundary === undefined) return undefined;
    const b = boundary;
    boundary = undefined;
    const preserved = preservedSegment(context, b.metadata);
    const after = [...(summary === undefined ? [] : [summary]), ...preserved.map((h) => h.message)];
    const trigger = typeof b.metadata['trigger'] === 'string' ? b.metadata['trigger'] : undefined;
    const event: SessionEvent = {
      kind: 'compaction',
      compaction: {
        at: b.at,
        before: context.map((h) => h.message),
        after,
        summary: summary === undefined ? { kind: 'opaque', reason: 'no isCompactSummary message followed the compact_boundary record' } : { kind: 'text', text: summary.content },
        afterExact: true,
        ...(trigger === undefined ? {} : { trigger }),
      },
    };
    context = [...(summary === undefined ? [] : [{ message: summary, uuid: summary.id, at }]), ...preserved];
    return event;
  }

  let emitted: SessionEvent | undefined;
  for await (const { line, record } of readJsonLines(file, notes)) {
    const type = String(record['type']);
    const uuid = typeof record['uuid'] === 'string' ? record['uuid'] : undefined;
    const at: RecordRef = uuid === undefined ? { file, line } : { file, line, recordId: uuid };
    if (typeof record['version'] === 'string') notes.agentVersion = record['version'];
    if (record['isSidechain'] === true || NOT_CONTEXT.has(type)) continue;
    if (type === 'system') {
      if (record['subtype'] !== 'compact_boundary') continue;
      emitted = flush();
      if (emitted !== undefined) yield emitted;
      emitted = cut(undefined, at);
      if (emitted !== undefined) yield emitted;
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
      if (assistant !== undefined && assistant.id !== id) {
        emitted = flush();
        if (emitted !== undefined) yield emitted;
      }
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
    emitted = flush();
    if (emitted !== undefined) yield emitted;
    if (record['isCompactSummary'] === true) {
      const summary: PolicyMessage = { role: 'user', ...(uuid === undefined ? {} : { id: uuid }), content: textOf(message['content']) };
      if (boundary !== undefined) {
        emitted = cut(summary, at);
        if (emitted !== undefined) yield emitted;
      } else {
        // A summary without its boundary (older versions): the whole context before it is replaced.
        boundary = { at, metadata: {} };
        emitted = cut(summary, at);
        if (emitted !== undefined) yield emitted;
      }
      continue;
    }
    emitted = cut(undefined, at);
    if (emitted !== undefined) yield emitted;
    if (record['isVisibleInTranscriptOnly'] === true) continue;
    const content = message['content'];
    const blocks = Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
    const results = blocks.filter((b) => b?.['type'] === 'tool_result');
    const text = Array.isArray(content) ? textOf(blocks.filter((b) => b?.['type'] === 'text')) : textOf(content);
    const out: PolicyMessage[] = results.map((b, i) => {
      const callId = String(b['tool_use_id']);
      const id = results.length === 1 && text === '' ? (uuid ?? `line-${line}`) : `${uuid ?? `line-${line}`}#${i}`;
      const name = toolNames.get(callId) ?? 'unknown';
      return b['is_error'] === true ? { role: 'tool', id, toolCallId: callId, name, content: textOf(b['content']), isError: true } : { role: 'tool', id, toolCallId: callId, name, content: textOf(b['content']) };
    });
    if (text !== '' || results.length === 0) out.push({ role: 'user', ...(uuid === undefined ? {} : { id: results.length === 0 ? uuid : `${uuid}#text` }), content: text });
    for (const m of out) {
      context.push({ message: m, uuid, at });
      yield { kind: 'message', message: m, at };
    }
  }
  emitted = flush();
  if (emitted !== undefined) yield emitted;
  emitted = cut(undefined, { file, line: notes.lines });
  if (emitted !== undefined) yield emitted;
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
  read,
};
