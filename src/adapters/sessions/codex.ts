import type { PolicyMessage, PolicyReasoning } from '../policy/PolicyMessage.ts';
import { argsOf, textOf } from './messageShape.ts';
import { readJsonLineBatches } from './readJsonLines.ts';
import { countUnknown, type ReadNotes, type RecordRef, type SessionEvent } from './SessionEvent.ts';
import { objectField, SessionFormatError } from './SessionFormatError.ts';
import { eventsOf, type SessionReader } from './SessionReader.ts';

// RolloutItem variants that are not model context (codex-rs/protocol/src/protocol.rs).
const NOT_CONTEXT = new Set(['session_meta', 'event_msg', 'turn_context', 'world_state', 'security_risk_score', 'inter_agent_communication_metadata']);
// ResponseItem variants that carry nothing prunecheck judges (codex-rs/protocol/src/models.rs).
const SKIPPED_ITEMS = new Set(['web_search_call', 'image_generation_call', 'ghost_snapshot', 'other', 'tool_search_call', 'tool_search_output']);
/** The prefix Codex's local compaction writes before the summary in the replacement history (codex-rs/core/src/compact.rs). */
export const CODEX_SUMMARY_PREFIX = 'Another language model started to solve this problem and produced a summary of its thinking process.';

/**
 * One `ResponseItem` as prunecheck's message, or undefined for an item outside the judged vocabulary. `reasoning`
 * items are held and attached to the next assistant item; `compaction` (alias `compaction_summary`) items are
 * the remote compaction's encrypted summary, kept as an opaque user-role message.
 */
function messageOf(item: Record<string, unknown>, id: string, reasoning: { held?: PolicyReasoning }, names: Map<string, string>): PolicyMessage | undefined {
  const type = item['type'];
  const withReasoning = (): { reasoning?: PolicyReasoning } => {
    const r = reasoning.held;
    delete reasoning.held;
    return r === undefined ? {} : { reasoning: r };
  };
  if (type === 'message') {
    const role = item['role'];
    const content = textOf(item['content']);
    if (role === 'assistant') return { role: 'assistant', id, content, ...withReasoning() };
    if (role === 'user') return { role: 'user', id, content };
    return { role: 'system', id, content };
  }
  if (type === 'reasoning') {
    const summary = Array.isArray(item['summary']) ? textOf(item['summary']) : '';
    const encrypted = typeof item['encrypted_content'] === 'string' ? item['encrypted_content'] : undefined;
    reasoning.held = { text: summary, ...(encrypted === undefined ? {} : { signature: encrypted }) };
    return undefined;
  }
  if (type === 'function_call' || type === 'custom_tool_call' || type === 'local_shell_call') {
    const callId = String(item['call_id'] ?? item['id'] ?? id);
    const name = type === 'local_shell_call' ? 'local_shell' : String(item['name']);
    names.set(callId, name);
    const args = type === 'function_call' ? argsOf(item['arguments']) : type === 'custom_tool_call' ? { input: item['input'] } : argsOf(item['action']);
    return { role: 'assistant', id, content: '', toolCalls: [{ id: callId, name, args }], ...withReasoning() };
  }
  if (type === 'function_call_output' || type === 'custom_tool_call_output') {
    const callId = String(item['call_id']);
    const output = item['output'];
    const o = typeof output === 'object' && output !== null ? (output as Record<string, unknown>) : undefined;
    const content = typeof output === 'string' ? output : textOf(o?.['content'] ?? o?.['body'] ?? '');
    return { role: 'tool', id, toolCallId: callId, name: names.get(callId) ?? 'unknown', content, ...(o?.['success'] === false ? { isError: true } : {}) };
  }
  if (type === 'compaction' || type === 'compaction_summary') return { role: 'user', id, content: `[encrypted compaction summary, ${String(item['encrypted_content'] ?? '').length} chars]`, replaces: [] };
  return undefined;
}

/**
 * Codex CLI rollout JSONL (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`): `RolloutLine { timestamp,
 * type, payload }` with `RolloutItem` = `session_meta` | `response_item` | `compacted` | `turn_context` |
 * `event_msg` (codex-rs/protocol/src/protocol.rs). A `compacted` item's `replacement_history` is the exact
 * model input after the cut; older rollouts hold only `message`, and the reader rebuilds the history as
 * Codex did (the user messages, then the summary), marking it inexact. An empty `message` with an encrypted
 * `compaction` item is a remote compaction: the summary is opaque.
 */
async function* batches(file: string, notes: ReadNotes): AsyncGenerator<SessionEvent[]> {
  let out: SessionEvent[] = [];
  let context: PolicyMessage[] = [];
  const reasoning: { held?: PolicyReasoning } = {};
  const names = new Map<string, string>();
  for await (const batch of readJsonLineBatches(file, notes)) {
    for (const { line, record } of batch) {
      const type = String(record['type']);
      const at: RecordRef = { file, line, recordId: `${type}@${String(record['timestamp'] ?? line)}` };
      if (type === 'session_meta') {
        const payload = record['payload'] as Record<string, unknown> | undefined;
        if (typeof payload?.['cli_version'] === 'string') notes.agentVersion = payload['cli_version'];
      }
      if (NOT_CONTEXT.has(type)) continue;
      if (type === 'response_item') {
        const item = objectField(record['payload'], 'payload', file, line, 'response_item');
        if (typeof item['type'] !== 'string') throw new SessionFormatError('BAD_FIELD', file, line, `response_item: field 'payload.type' must be a string`);
        if (SKIPPED_ITEMS.has(item['type'])) continue;
        const message = messageOf(item, String(item['id'] ?? `L${line}`), reasoning, names);
        if (message === undefined) {
          if (item['type'] !== 'reasoning') countUnknown(notes, `response_item.${item['type']}`);
          continue;
        }
        context.push(message);
        out.push({ kind: 'message', message, at });
      } else if (type === 'compacted') {
        const payload = objectField(record['payload'], 'payload', file, line, 'compacted');
        if (typeof payload['message'] !== 'string') throw new SessionFormatError('BAD_FIELD', file, line, `compacted: field 'payload.message' must be a string`);
        const summaryText = payload['message'];
        const history = payload['replacement_history'];
        if (history !== undefined && history !== null && !Array.isArray(history)) throw new SessionFormatError('BAD_FIELD', file, line, `compacted: field 'payload.replacement_history' must be an array of response items`);
        const after: PolicyMessage[] = [];
        const afterReasoning: { held?: PolicyReasoning } = {};
        if (Array.isArray(history)) {
          history.forEach((raw, i) => {
            const item = objectField(raw, `payload.replacement_history[${i}]`, file, line, 'compacted');
            const m = messageOf(item, String(item['id'] ?? `L${line}.${i}`), afterReasoning, names);
            if (m !== undefined) after.push(m);
          });
        } else {
          after.push(...context.filter((m) => m.role === 'user' && !m.content.startsWith(CODEX_SUMMARY_PREFIX)), { role: 'user', id: `L${line}.summary`, content: summaryText });
        }
        const encrypted = after.some((m) => m.content.startsWith('[encrypted compaction summary'));
        const summary = summaryText === '' && encrypted ? ({ kind: 'opaque', reason: 'remote compaction: the summary is an encrypted compaction item' } as const) : ({ kind: 'text', text: summaryText } as const);
        out.push({ kind: 'compaction', compaction: { at, before: context, after, summary, afterExact: Array.isArray(history) } });
        context = [...after];
      } else {
        countUnknown(notes, type);
      }
    }
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

export const codexReader: SessionReader = {
  format: 'codex',
  agent: 'OpenAI Codex CLI',
  versions: 'rollouts of type/payload lines, checked on 0.171.0 (a compacted item without replacement_history, as older versions wrote, is rebuilt and marked inexact)',
  definedIn: 'openai/codex codex-rs/protocol/src/protocol.rs (RolloutItem, CompactedItem), codex-rs/protocol/src/models.rs (ResponseItem)',
  sniff: (first) => typeof first['timestamp'] === 'string' && typeof first['type'] === 'string' && 'payload' in first,
  batches,
  read: (file, notes) => eventsOf(batches(file, notes)),
};
