import type { PolicyMessage, PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import { callerOf } from '../../adapters/policy/conversationFacts.ts';
import { quote, type AuditCheck } from './AuditFinding.ts';
import { canonicalArgs, isSideEffecting, requestIdsOf } from './sideEffects.ts';

type ToolResult = Extract<PolicyMessage, { role: 'tool' }>;

/**
 * Side-effecting calls with a successful result, in call order: `completedCalls` of the policy checks, in one
 * pass with the results indexed by call id (a window holds hundreds of calls).
 */
function completedSideEffects(messages: readonly PolicyMessage[]): { call: PolicyToolCall; result: ToolResult }[] {
  const results = new Map<string, ToolResult>();
  for (const m of messages) if (m.role === 'tool' && !results.has(m.toolCallId)) results.set(m.toolCallId, m);
  const done: { call: PolicyToolCall; result: ToolResult }[] = [];
  for (const m of messages) {
    if (m.role !== 'assistant') continue;
    for (const call of m.toolCalls ?? []) {
      const result = results.get(call.id);
      if (result !== undefined && result.isError !== true && isSideEffecting(call)) done.push({ call, result });
    }
  }
  return done;
}

/**
 * A side-effecting call completed before the compaction and issued again after it with the same arguments
 * or the same request id (seed 000's turn-90 duplicate payment): the compaction left the agent unable to
 * see that the effect already happened.
 */
export const reissuedSideEffect: AuditCheck = (o) => {
  const done = completedSideEffects(o.compaction.before);
  if (done.length === 0) return [];
  const findings = [];
  const reported = new Set<string>();
  // Indexed once: a session window holds hundreds of calls, and every later call is looked up.
  const bySignature = new Map<string, (typeof done)[number]>();
  const byRequestId = new Map<string, (typeof done)[number]>();
  for (const d of done) {
    const key = `${d.call.name}\u0000${canonicalArgs(d.call.args)}`;
    if (!bySignature.has(key)) bySignature.set(key, d);
    for (const id of requestIdsOf(d.call)) if (!byRequestId.has(id)) byRequestId.set(id, d);
  }
  for (const later of o.future) {
    if (later.message.role !== 'assistant') continue;
    for (const call of later.message.toolCalls ?? []) {
      const args = canonicalArgs(call.args);
      // Request ids only when the arguments differ (the only case the sentence below names one).
      const bySame = bySignature.get(`${call.name}\u0000${args}`);
      const ids = bySame !== undefined || byRequestId.size === 0 ? [] : requestIdsOf(call);
      const original = bySame ?? ids.map((id) => byRequestId.get(id)).find((d) => d !== undefined);
      if (original === undefined || reported.has(original.call.id) || original.call.id === call.id) continue;
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
          `${original.call.name} call ${original.call.id} completed before compaction ${o.index} (its result is in the history), and ${visible ? 'although the call is still in the list' : 'the compaction dropped it'}, the agent issued ${call.name} again as ${call.id} with ${same} at line ${later.at.line}: a side effect performed twice.`,
        ],
        evidence: [
          { at: callAt ?? o.compaction.at, label: `original call ${original.call.id}`, quote: quote(`${original.call.name} ${JSON.stringify(original.call.args)}`) },
          ...(at === undefined ? [] : [{ at, label: `its result`, quote: quote(original.result.content) }]),
          { at: later.at, label: `re-issued as ${call.id}`, quote: quote(`${call.name} ${JSON.stringify(call.args)}`) },
        ],
      });
    }
  }
  return findings;
};
