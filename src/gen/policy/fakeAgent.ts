import type { PolicyMessage, PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import { messageText } from '../../adapters/policy/PolicyMessage.ts';
import { orderOf } from '../../adapters/policy/conversationFacts.ts';

/**
 * The fake agent that reads a list after a compaction and decides whether a side effect it performed earlier
 * is done. It is generous, as a capable model would be: any line that names the call's request id, or its
 * action and its order in any wording ("refunded order 2003", `{"order":"#2003"}`), counts. When nothing
 * does, it re-issues the call, as models do after compaction (openclaw/openclaw#114690): with a fresh request
 * id and reworded arguments, so only a ledger that compares arguments, not request-id strings, can stop it.
 */

const ACTIONS: Readonly<Record<string, string>> = { issue_refund: 'refund', send_email: 'email', charge_card: 'charge' };

/** A line of `text` names the call: its request id (as a whole word), or its action with its order number. */
export function namesCall(text: string, call: PolicyToolCall): boolean {
  const requestId = call.args['request_id'];
  if (typeof requestId === 'string' && new RegExp(`(^|[^\\w-])${requestId}(?![\\w])`).test(text)) return true;
  return namesAction(text, call);
}

/** A line of `text` names the call's action and order in any wording (what a ledger of arguments matches). */
export function namesAction(text: string, call: PolicyToolCall): boolean {
  const order = orderOf(call);
  const action = ACTIONS[call.name] ?? call.name;
  if (order === undefined) return false;
  const number = new RegExp(`(^|\\D)${order}(\\D|$)`);
  return text.split('\n').some((line) => line.toLowerCase().includes(action) && number.test(line));
}

/**
 * The agent sees the call done somewhere in `list` or in the files it names. What the user asked for is not
 * evidence that it was done: the text of the user's statements (`asked`) is left out, wherever it is quoted.
 */
export function agentSeesDone(list: readonly PolicyMessage[], files: readonly string[], call: PolicyToolCall, asked: readonly string[]): boolean {
  const evidence = (text: string): string => asked.reduce((t, statement) => t.split(statement).join(''), text);
  return list.some((m) => namesCall(evidence(messageText(m)), call)) || files.some((f) => namesCall(evidence(f), call));
}

/** The call the agent issues again: a new call id, a fresh request id, the order as a bare number, keys reordered. */
export function reissue(call: PolicyToolCall): PolicyToolCall {
  const order = orderOf(call);
  return { id: `${call.id}_again`, name: call.name, args: { ...(order === undefined ? {} : { order: Number(order) }), request_id: `req-again-${call.id}` } };
}
