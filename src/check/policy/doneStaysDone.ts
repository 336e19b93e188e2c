import { messageText } from '../../adapters/policy/PolicyMessage.ts';
import { calls, inFlightCalls, instructions } from '../../adapters/policy/conversationFacts.ts';
import { describe, isKept, isWritten, mentions, namedFiles } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';
import type { PolicyObservation } from './PolicyObservation.ts';

/** Every message the harness has fed so far, in order (a pruner's own messages left out). */
export const fedSoFar = (o: PolicyObservation) => [...o.seen.values()].filter((m) => isWritten(o.written, m));

/**
 * INV-24: an instruction that was acted on and is still in the list stays visibly done: the result is kept,
 * or the call's request id, call id or exact arguments appear in the list or in a file it names. And no
 * message the pruner inserts answers a call whose result has not arrived: a stand-in result reports
 * unfinished work as finished (openai/codex#38931).
 */
export const doneStaysDone: PolicyCheck = (o) => {
  const out: string[] = [];
  const text = [...o.after.map(messageText), ...namedFiles(o.after, o.record)].join('\n');
  for (const instruction of instructions(fedSoFar(o))) {
    const done = instruction.doneBy;
    const stillAsked = isKept(instruction.message, o.after) || o.after.some((a) => a !== instruction.message && a.content.includes(instruction.message.content));
    if (done === undefined || !stillAsked || isKept(done.result, o.after)) continue;
    const requestId = done.call.args['request_id'];
    const ids = [...(typeof requestId === 'string' ? [requestId] : []), done.call.id];
    if (ids.some((id) => mentions(text, id)) || text.includes(JSON.stringify(done.call.args))) continue;
    out.push(
      `instruction ${instruction.id} ("${instruction.message.content}") is still in the list after round ${o.round}'s prune, but nothing there shows it was done: its call ${done.call.id} (${done.call.name} ${JSON.stringify(done.call.args)}) and result are gone and neither is named: the agent will do it again.`,
    );
  }
  const ours = new Set(calls(o.before.filter((m) => isWritten(o.written, m))).map((c) => c.id));
  for (const call of inFlightCalls(o.before).filter((c) => ours.has(c.id))) {
    for (const a of o.after) {
      if (a.role === 'tool' && a.toolCallId === call.id && !isWritten(o.written, a)) {
        out.push(`call ${call.id} (${call.name}) was in flight before round ${o.round}'s prune, and the pruner inserted a result for it, ${describe(a)}: unfinished work now reads as finished, and the real result will arrive as a second answer.`);
      }
    }
  }
  return out;
};
