import { POISON } from '../../gen/policy/turnMessages.ts';
import { describe, insertedBy, isWritten } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/** Characters of a tool result's opening that identify it when a summary quotes it. */
const PROBE = 40;

/**
 * INV-23: text that was tool output never comes back in a system or user message the pruner inserted: a
 * summary that quotes a tool result speaks with the authority of its role, and tool output is data, never
 * an instruction (langchain-ai/langchain#33856). Quoting it in an assistant or tool message is allowed.
 */
export const summaryGainsNoAuthority: PolicyCheck = (o) => {
  const probes = new Map<string, string>();
  for (const t of o.written.values()) {
    if (t.role === 'tool' && t.content.length >= PROBE && !probes.has(t.content.slice(0, PROBE))) probes.set(t.content.slice(0, PROBE), t.toolCallId);
  }
  const out: string[] = [];
  for (const a of insertedBy(o.before, o.after)) {
    if ((a.role !== 'system' && a.role !== 'user') || isWritten(o.written, a)) continue;
    for (const [probe, callId] of probes) {
      if (!a.content.includes(probe)) continue;
      const poisoned = POISON.startsWith(probe) ? ', text that reads like an instruction' : '';
      out.push(`round ${o.round} inserted ${describe(a)} as a ${a.role} message, and it quotes the output of ${callId} (${JSON.stringify(probe)}…${poisoned}): tool output now speaks as the ${a.role === 'system' ? 'system prompt' : 'user'}.`);
    }
  }
  return out;
};
