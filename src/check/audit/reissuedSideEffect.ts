import type { PolicyMessage, PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import { callerOf } from '../../adapters/policy/conversationFacts.ts';
import type { RecordedMessage } from '../../adapters/sessions/SessionEvent.ts';
import { quote, type AuditCheck } from './AuditFinding.ts';
import { canonicalArgs, isSideEffecting, requestIdsOf } from './sideEffects.ts';

type ToolResult = Extract<PolicyMessage, { role: 'tool' }>;
type Done = { readonly call: PolicyToolCall; readonly result: ToolResult };

/**
 * A number that is the same for two calls whose canonical arguments are the same (the keys, and each string
 * value's length and its first and last 24 characters, summed over the keys so their order does not count),
 * and mostly differs otherwise: canonical JSON is written only for calls whose prints meet.
 */
function print(args: Readonly<Record<string, unknown>>): number {
  let h = 0;
  for (const key of Object.keys(args)) {
    const v = args[key];
    let x = key.length * 131 + key.charCodeAt(0);
    if (typeof v === 'string') {
      x = (x + v.length * 31) | 0;
      const n = v.length;
      // FNV-1a over the ends of the value: ids, numbers and file names sit at one end or the other.
      for (let i = 0; i < n; i = i === 23 && n > 48 ? n - 24 : i + 1) x = Math.imul(x ^ v.charCodeAt(i), 16777619);
    }
    h = (h + x) | 0;
  }
  return h;
}

/**
 * Side-effecting calls of `before` with a successful result, in call order, among those a later call can
 * match at all: the same tool with the same print, or a request id a later call carries (`completedCalls`
 * of the policy checks, in one pass, restricted to what the later calls can meet).
 */
function completedCandidates(before: readonly PolicyMessage[], prints: ReadonlyMap<string, ReadonlySet<number>>, laterIds: ReadonlySet<string>): Done[] {
  const candidates: PolicyToolCall[] = [];
  for (const m of before) {
    if (m.role !== 'assistant') continue;
    for (const call of m.toolCalls ?? []) {
      if (prints.get(call.name)?.has(print(call.args)) === true || (laterIds.size > 0 && requestIdsOf(call).some((id) => laterIds.has(id)))) candidates.push(call);
    }
  }
  if (candidates.length === 0) return [];
  const wanted = new Set(candidates.map((c) => c.id));
  const results = new Map<string, ToolResult>();
  for (const m of before) if (m.role === 'tool' && wanted.has(m.toolCallId) && !results.has(m.toolCallId)) results.set(m.toolCallId, m);
  const done: Done[] = [];
  for (const call of candidates) {
    const result = results.get(call.id);
    if (result !== undefined && result.isError !== true && isSideEffecting(call)) done.push({ call, result });
  }
  return done;
}

/**
 * A side-effecting call completed before the compaction and issued again after it with the same arguments
 * or the same request id (seed 000's turn-90 duplicate payment): the compaction left the agent unable to
 * see that the effect already happened.
 */
export const reissuedSideEffect: AuditCheck = (o) => {
  // The later calls first: only a call of `before` they can meet is looked at closely (a session window holds
  // hundreds of calls, and most are never repeated).
  const later: { call: PolicyToolCall; at: RecordedMessage }[] = [];
  const prints = new Map<string, Set<number>>();
  const laterIds = new Set<string>();
  for (const message of o.future) {
    if (message.message.role !== 'assistant') continue;
    for (const call of message.message.toolCalls ?? []) {
      later.push({ call, at: message });
      let of = prints.get(call.name);
      if (of === undefined) prints.set(call.name, (of = new Set()));
      of.add(print(call.args));
      for (const id of requestIdsOf(call)) laterIds.add(id);
    }
  }
  if (later.length === 0) return [];
  const done = completedCandidates(o.compaction.before, prints, laterIds);
  if (done.length === 0) return [];
  const findings = [];
  const reported = new Set<string>();
  // Indexed once: the first completed call of each signature and of each request id.
  const bySignature = new Map<string, Done>();
  const byRequestId = new Map<string, Done>();
  const donePrints = new Map<string, Set<number>>();
  for (const d of done) {
    const key = `${d.call.name}\u0000${canonicalArgs(d.call.args)}`;
    if (!bySignature.has(key)) bySignature.set(key, d);
    for (const id of requestIdsOf(d.call)) if (!byRequestId.has(id)) byRequestId.set(id, d);
    let of = donePrints.get(d.call.name);
    if (of === undefined) donePrints.set(d.call.name, (of = new Set()));
    of.add(print(d.call.args));
  }
  for (const { call, at: laterAt } of later) {
    // Canonical arguments only when a completed call has the same print (else no signature can be the same).
    const canonical = donePrints.get(call.name)?.has(print(call.args)) === true ? canonicalArgs(call.args) : undefined;
    const bySame = canonical === undefined ? undefined : bySignature.get(`${call.name}\u0000${canonical}`);
    // Request ids only when the arguments differ (the only case the sentence below names one).
    const ids = bySame !== undefined || byRequestId.size === 0 ? [] : requestIdsOf(call);
    const original = bySame ?? ids.map((id) => byRequestId.get(id)).find((d) => d !== undefined);
    if (original === undefined || reported.has(original.call.id) || original.call.id === call.id) continue;
    const args = canonical ?? canonicalArgs(call.args);
    reported.add(original.call.id);
    const same = canonicalArgs(original.call.args) === args ? 'the same arguments' : `the same request id ${requestIdsOf(original.call).find((id) => ids.includes(id)) ?? ''}`;
    const visible = o.compaction.after.some((m) => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => c.id === original.call.id));
    const at = o.where(original.result);
    const caller = callerOf(o.compaction.before, original.call.id);
    const callAt = caller === undefined ? undefined : o.where(caller);
    findings.push({
      rule: 'reissued-side-effect' as const,
      compaction: o.compaction.at,
      because: [
        `${original.call.name} call ${original.call.id} completed before compaction ${o.index} (its result is in the history), and ${visible ? 'although the call is still in the list' : 'the compaction dropped it'}, the agent issued ${call.name} again as ${call.id} with ${same} at line ${laterAt.at.line}: a side effect performed twice.`,
      ],
      evidence: [
        { at: callAt ?? o.compaction.at, label: `original call ${original.call.id}`, quote: quote(`${original.call.name} ${JSON.stringify(original.call.args)}`) },
        ...(at === undefined ? [] : [{ at, label: `its result`, quote: quote(original.result.content) }]),
        { at: laterAt.at, label: `re-issued as ${call.id}`, quote: quote(`${call.name} ${JSON.stringify(call.args)}`) },
      ],
    });
  }
  return findings;
};
