import type { PolicyMessage, PolicyReasoning } from '../../adapters/policy/PolicyMessage.ts';
import { isWritten } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

type Assistant = Extract<PolicyMessage, { role: 'assistant' }>;
const same = (a: PolicyReasoning, b: PolicyReasoning): boolean => a.text === b.text && a.signature === b.signature;
const short = (r: PolicyReasoning): string => `${JSON.stringify(r.text.length > 50 ? `${r.text.slice(0, 50)}…` : r.text)}${r.signature === undefined ? '' : ` (signed ${r.signature.slice(0, 12)})`}`;

/**
 * INV-21: a reasoning item stays with the tool calls of its message. Wherever one of those calls is still in
 * the list, the reasoning is there byte for byte or (on an earlier turn only) absent; on the latest assistant
 * turn, whose calls' results are being sent back, it must be present; and it is never kept on a message
 * that lost its calls, nor moved to another (openclaw/openclaw#97645, openai/openai-agents-js#929).
 */
export const reasoningStaysWithCalls: PolicyCheck = (o) => {
  const out: string[] = [];
  const assistants = o.before.filter((m): m is Assistant => m.role === 'assistant');
  // The turn whose results the next request sends back: only tool results follow it.
  const last = assistants.at(-1);
  const latest = last !== undefined && o.before.slice(o.before.indexOf(last) + 1).every((m) => m.role === 'tool') ? last : undefined;
  for (const m of assistants) {
    if (m.reasoning === undefined || (m.toolCalls ?? []).length === 0 || !isWritten(o.written, m)) continue;
    const ids = new Set((m.toolCalls ?? []).map((c) => c.id));
    const holders = o.after.filter((a): a is Assistant => a.role === 'assistant' && (a.toolCalls ?? []).some((c) => ids.has(c.id)));
    for (const holder of holders) {
      if (holder.reasoning === undefined) {
        if (m === latest) out.push(`the latest assistant turn ${m.id ?? ''} (calls ${[...ids].join(', ')}) lost its reasoning item in round ${o.round}'s prune, though its results are what the next request sends back: providers reject the turn (thinking must precede tool use).`);
      } else if (!same(holder.reasoning, m.reasoning)) {
        out.push(`round ${o.round}'s prune kept the calls of ${m.id ?? '(no id)'} but changed their reasoning item from ${short(m.reasoning)} to ${short(holder.reasoning)}: a signed item that is modified is rejected.`);
      }
    }
    const signature = m.reasoning.signature ?? m.reasoning.text;
    for (const a of o.after) {
      if (a.role !== 'assistant' || a.reasoning === undefined || (a.reasoning.signature ?? a.reasoning.text) !== signature) continue;
      if (!(a.toolCalls ?? []).some((c) => ids.has(c.id))) {
        out.push(`after round ${o.round}'s prune, ${a.id ?? '(no id)'} carries the reasoning item of ${m.id ?? '(no id)'} without any of the calls it belongs to (${[...ids].join(', ')}): an orphaned reasoning item ("provided without its required following item").`);
      }
    }
  }
  return out;
};
