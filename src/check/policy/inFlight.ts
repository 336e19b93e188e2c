import { calls, inFlightCalls, unreadResults } from '../../adapters/policy/conversationFacts.ts';
import { describe, isKept, isWritten } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/**
 * INV-20: a call whose result has not arrived stays in the list, unchanged, and so does every result the
 * model has not read yet (results after the last assistant message). The next request must be able to carry
 * the arriving result, and the model must see what it asked for (7df-lab/devo#186, openclaw/openclaw#112725).
 */
export const inFlightSurvives: PolicyCheck = (o) => {
  const out: string[] = [];
  const kept = o.after.flatMap((m) => (m.role === 'assistant' ? [...(m.toolCalls ?? [])] : []));
  const written = o.before.filter((m) => isWritten(o.written, m));
  const ours = new Set(calls(written).map((c) => c.id));
  // In flight: no message in the list answers the call (a pruner's "[cleared]" stand-in still answers it).
  // A library that prunes only between turns is never run with a call in flight (its framework waits).
  const inFlight = o.capabilities?.prunesOnlyBetweenTurns === true ? [] : inFlightCalls(o.before);
  for (const call of inFlight.filter((c) => ours.has(c.id))) {
    const now = kept.find((c) => c.id === call.id);
    if (now === undefined) {
      out.push(`call ${call.id} (${call.name} ${JSON.stringify(call.args)}) was in flight before round ${o.round}'s prune (its result has not arrived) and is not in the list after it: when the result arrives it answers a call the model can no longer see.`);
    } else if (now.name !== call.name || JSON.stringify(now.args) !== JSON.stringify(call.args)) {
      out.push(`call ${call.id} was in flight before round ${o.round}'s prune and the list after it holds a different call under that id: ${now.name} ${JSON.stringify(now.args)}.`);
    }
  }
  for (const result of unreadResults(written)) {
    if (!isKept(result, o.after)) {
      out.push(`${describe(result)}, the result of ${result.toolCallId}, arrived after the model's last turn and was not in the list after round ${o.round}'s prune: the model never read it.`);
    }
  }
  return out;
};
