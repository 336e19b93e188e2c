import type { PolicyMessage, PolicyReasoning, PolicyToolCall } from '../policy/PolicyMessage.ts';
import { textOf } from './messageShape.ts';
import { readJsonLineBatches } from './readJsonLines.ts';
import { countUnknown, type ReadNotes, type RecordRef, type SessionEvent } from './SessionEvent.ts';
import { objectField, stringField } from './SessionFormatError.ts';
import { eventsOf, type SessionReader } from './SessionReader.ts';

/** How pi wraps a compaction summary in the model's context (packages/coding-agent/src/core/messages.ts). */
export const PI_SUMMARY_PREFIX = 'The conversation history before this point was compacted into the following summary:\n\n<summary>\n';
export const PI_SUMMARY_SUFFIX = '\n</summary>';
// Entry types that never reach the model (session-manager.ts: settings, labels, extension state).
const NOT_CONTEXT = new Set(['thinking_level_change', 'model_change', 'custom', 'label', 'session_info']);

interface Held {
  readonly entryId: string;
  readonly message: PolicyMessage;
}

/** An `AgentMessage` as the model receives it (`convertToLlm`), or undefined when it never reaches the model. */
function messageOf(m: Record<string, unknown>, id: string): PolicyMessage | undefined {
  switch (m['role']) {
    case 'user':
    case 'custom':
      return { role: 'user', id, content: textOf(m['content']) };
    case 'bashExecution':
      if (m['excludeFromContext'] === true) return undefined;
      return { role: 'user', id, content: `Ran \`${String(m['command'] ?? '')}\`\n${String(m['output'] ?? '')}` };
    case 'branchSummary':
      return { role: 'user', id, content: String(m['summary'] ?? '') };
    case 'assistant': {
      const blocks = Array.isArray(m['content']) ? (m['content'] as Record<string, unknown>[]) : [];
      const calls: PolicyToolCall[] = blocks.filter((b) => b['type'] === 'toolCall').map((b) => ({ id: String(b['id']), name: String(b['name']), args: (b['arguments'] ?? {}) as Record<string, unknown> }));
      const thinking = blocks.find((b) => b['type'] === 'thinking');
      const reasoning: PolicyReasoning | undefined = thinking === undefined ? undefined : { text: String(thinking['thinking'] ?? ''), ...(typeof thinking['thinkingSignature'] === 'string' ? { signature: thinking['thinkingSignature'] } : {}) };
      return { role: 'assistant', id, content: textOf(blocks.filter((b) => b['type'] === 'text')), ...(calls.length > 0 ? { toolCalls: calls } : {}), ...(reasoning === undefined ? {} : { reasoning }) };
    }
    case 'toolResult':
      return { role: 'tool', id, toolCallId: String(m['toolCallId']), name: String(m['toolName'] ?? 'unknown'), content: textOf(m['content']), ...(m['isError'] === true ? { isError: true } : {}) };
    default:
      return undefined;
  }
}

/**
 * pi coding agent session JSONL (`~/.pi/agent/sessions/<cwd>/<ts>_<id>.jsonl`): a `session` header, then
 * entries with `id`/`parentId` (packages/coding-agent/src/core/session-manager.ts). A `compaction` entry
 * (`summary`, `firstKeptEntryId`, `tokensBefore`) replaces the context with the summary followed by the
 * entries from `firstKeptEntryId` up to the compaction (`buildSessionContext`). The reader follows the file
 * in order; an entry whose `parentId` is not the previous entry (a branch) is noted.
 */
async function* batches(file: string, notes: ReadNotes): AsyncGenerator<SessionEvent[]> {
  let out: SessionEvent[] = [];
  let context: Held[] = [];
  let previous: string | undefined;
  let branches = 0;
  for await (const batch of readJsonLineBatches(file, notes)) {
    for (const { line, record } of batch) {
      const type = String(record['type']);
      if (type === 'session') {
        if (typeof record['version'] === 'number') notes.agentVersion = `session format v${record['version']}`;
        continue;
      }
      const id = stringField(record, 'id', file, line, `${type} entry`);
      const at: RecordRef = { file, line, recordId: id };
      if (previous !== undefined && record['parentId'] !== previous) branches += 1;
      previous = id;
      if (NOT_CONTEXT.has(type)) continue;
      if (type === 'message') {
        const message = messageOf(objectField(record['message'], 'message', file, line, 'message entry'), id);
        if (message === undefined) continue;
        context.push({ entryId: id, message });
        out.push({ kind: 'message', message, at });
      } else if (type === 'custom_message' || type === 'branch_summary') {
        const message: PolicyMessage = { role: 'user', id, content: type === 'branch_summary' ? String(record['summary'] ?? '') : textOf(record['content']) };
        context.push({ entryId: id, message });
        out.push({ kind: 'message', message, at });
      } else if (type === 'compaction') {
        const summary = stringField(record, 'summary', file, line, 'compaction entry');
        const firstKept = stringField(record, 'firstKeptEntryId', file, line, 'compaction entry');
        const start = context.findIndex((h) => h.entryId === firstKept);
        if (start < 0 && context.some((h) => h.message.role !== 'system')) notes.warnings.push(`${file}:${line}: compaction ${id} keeps from entry ${firstKept}, which is not in the context the reader followed; nothing is counted as kept`);
        const kept = start < 0 ? [] : context.slice(start);
        const summaryMessage: PolicyMessage = { role: 'user', id, content: `${PI_SUMMARY_PREFIX}${summary}${PI_SUMMARY_SUFFIX}` };
        const after = [summaryMessage, ...kept.map((h) => h.message)];
        out.push({ kind: 'compaction', compaction: { at, before: context.map((h) => h.message), after, summary: { kind: 'text', text: summary }, afterExact: true, ...(record['fromHook'] === true ? { trigger: 'extension' } : {}) } });
        context = [{ entryId: id, message: summaryMessage }, ...kept];
      } else {
        countUnknown(notes, type);
      }
    }
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  if (branches > 0) notes.warnings.push(`${file}: ${branches} entr${branches === 1 ? 'y does' : 'ies do'} not continue the previous one (a branch); the reader follows the file in order`);
  if (out.length > 0) yield out;
}

export const piReader: SessionReader = {
  format: 'pi',
  agent: 'pi coding agent (@mariozechner/pi-coding-agent)',
  versions: 'session format v2–v3 (entries with id and parentId), checked on 0.73.1; v1 files, without entry ids, are refused naming the field',
  definedIn: 'badlogic/pi-mono packages/coding-agent/src/core/session-manager.ts, messages.ts',
  sniff: (first) => first['type'] === 'session' && typeof first['id'] === 'string' && typeof first['cwd'] === 'string',
  batches,
  read: (file, notes) => eventsOf(batches(file, notes)),
};
