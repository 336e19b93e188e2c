import type { PolicyMessage, PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import { UNCHANGED } from '../../adapters/policy/readCache.ts';

/** The files the generated agent reads (INV-36): few, so the same file is read again and answered "unchanged". */
export const READ_FILES = ['src/refunds.ts', 'src/email.ts', 'config/limits.json'] as const;


/** The full text of file `path` as the `read_file` tool returns it: numbered lines, unique to the file. */
export function fileText(path: string): string {
  const lines = Array.from({ length: 6 }, (_, i) => `${String(i + 1).padStart(3)}| // ${path} line ${i + 1}: refund limit ${(i + 1) * 250} EUR for tier ${i % 3}`);
  return `FILE ${path}\n${lines.join('\n')}`;
}

/**
 * A `read_file` call and its result. A file already read earlier in the conversation is answered as agents'
 * read caches answer (yvgude/lean-ctx#808, tetsuo-ai/agenc-core PR #425): "unchanged, its content is already in your context".
 */
export function fileReadTurn(path: string, k: number, readBefore: boolean): { call: PolicyToolCall; result: PolicyMessage } {
  const call: PolicyToolCall = { id: `call_${k}`, name: 'read_file', args: { path } };
  const content = readBefore ? `${UNCHANGED} ${path}; its content is already in your context.` : fileText(path);
  return { call, result: { role: 'tool', toolCallId: call.id, name: call.name, content } };
}

/**
 * An `arrival` turn (INV-37): what lands while the round's prune may be running (`arriving`): a user message
 * typed during compaction, a sub-agent's report delivered as a notification, or the result of `call`, which the
 * agent sent as the last message of the round (anthropics/claude-code#62235, openai/codex#26728).
 */
export function arrivalTurn(what: 'user' | 'tool-result' | 'subagent', k: number, n: number, customer: string): { call?: PolicyToolCall; arriving: PolicyMessage[] } {
  if (what === 'user') return { arriving: [{ role: 'user', content: `While you were busy: ${customer} also wants order #${4001 + n} put on hold (ticket T-${n + 2}).` }] };
  if (what === 'subagent') {
    return { arriving: [{ role: 'user', content: `<task-notification agent="agent-${n + 1}">finished: order #${3001 + n} for ${customer} audited, 2 discrepancies (D-${n + 1}a, D-${n + 1}b).</task-notification>` }] };
  }
  const call: PolicyToolCall = { id: `call_${k}`, name: 'read_log', args: { query: `order #${5001 + n}` } };
  return { call, arriving: [{ role: 'tool', toolCallId: call.id, name: call.name, content: `OK read_log order #${5001 + n}: 3 entries, last status HELD for ${customer}` }] };
}
