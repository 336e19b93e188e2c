import type { PolicyRecord } from '../../adapters/policy/PolicyAdapter.ts';
import { samePayload, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';

/** `m` is a message the harness wrote (user statement, tool call or result…), unchanged, not one a pruner made. */
export function isWritten(written: ReadonlyMap<string, PolicyMessage>, m: PolicyMessage): boolean {
  const original = m.id === undefined ? undefined : written.get(m.id);
  return original !== undefined && samePayload(original, m);
}

/** Messages of `after` that were not in `before` with the same id, role and text: the pruner inserted them. */
export function insertedBy(before: readonly PolicyMessage[], after: readonly PolicyMessage[]): PolicyMessage[] {
  return after.filter((a) => !before.some((b) => b.id === a.id && b.role === a.role && b.content === a.content));
}

/** The two lists hold the same messages in the same order (ids and payloads; reasoning aside). */
export function sameList(a: readonly PolicyMessage[], b: readonly PolicyMessage[]): boolean {
  return a.length === b.length && a.every((m, i) => m.id === b[i]?.id && samePayload(m, b[i] as PolicyMessage));
}

/** The text of every offloaded file whose path the list names: what the model can open from the list. */
export function namedFiles(list: readonly PolicyMessage[], record: PolicyRecord): string[] {
  const text = list.map((m) => m.content).join('\n');
  return record.offloaded.filter((f) => text.includes(f.path)).map((f) => f.text);
}

/** `text` names `token` as a whole word: `req-3` is not named by `req-30`, nor `call_1` by `call_12`. */
export function mentions(text: string, token: string): boolean {
  return new RegExp(`(^|[^\\w-])${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`).test(text);
}

/** `m` is still in `list` under its own id with the same payload. */
export function isKept(m: PolicyMessage, list: readonly PolicyMessage[]): boolean {
  return list.some((a) => a.id === m.id && samePayload(a, m));
}

/** The exact pieces of `m` a copy must contain to count as holding it: content, call ids, call arguments. */
function pieces(m: PolicyMessage): string[] {
  const parts = m.content === '' ? [] : [m.content];
  if (m.role === 'assistant') for (const c of m.toolCalls ?? []) parts.push(c.id, JSON.stringify(c.args));
  if (m.role === 'tool') parts.push(m.toolCallId);
  return parts;
}

/** The library's record holds `m` exactly: as a retained message, or every piece of it in one offloaded text. */
export function isRecoverable(m: PolicyMessage, record: PolicyRecord): boolean {
  if (record.retained.some((r) => r.id === m.id && samePayload(r, m))) return true;
  const parts = pieces(m);
  return parts.length > 0 && record.offloaded.some((file) => parts.every((p) => file.text.includes(p)));
}

/** Some message in `list` says, through the library's own record, that it stands in for `m`. */
export function isMarked(m: PolicyMessage, list: readonly PolicyMessage[]): boolean {
  return m.id !== undefined && list.some((a) => a.replaces?.includes(m.id as string) === true);
}

/** The library mentions `m` outside the list: retained, offloaded or named in its metadata. */
export function isRecorded(m: PolicyMessage, record: PolicyRecord): boolean {
  if (isRecoverable(m, record)) return true;
  if (m.id === undefined) return false;
  const id = m.id;
  return record.retained.some((r) => r.id === id) || JSON.stringify(record.metadata).includes(`"${id}"`) || record.offloaded.some((f) => f.text.includes(id));
}

/** Everything the list and the record say, as one searchable string. */
export function searchableText(list: readonly PolicyMessage[], record: PolicyRecord): string {
  return [JSON.stringify(list), JSON.stringify(record.retained), JSON.stringify(record.metadata), ...record.offloaded.map((f) => f.text)].join('\n');
}

/** Short human name of a message for `because` sentences. */
export function describe(m: PolicyMessage): string {
  const text = m.content.length > 60 ? `${m.content.slice(0, 60)}…` : m.content;
  return `${m.id ?? '(no id)'} ([${m.role}] ${JSON.stringify(text)})`;
}
