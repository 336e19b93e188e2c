import type { PolicyMessage } from '../../../adapters/policy/PolicyMessage.ts';
import { ContentSource } from '../ContentSource.ts';
import { Rng } from '../Rng.ts';

/** A conversation cut into turns: each turn is what arrives before the next model call. */
export interface PolicyHistory {
  readonly messages: readonly PolicyMessage[];
  /** The same messages, turn by turn (a system and a user message; a call and its result; a reply and the next user message). */
  readonly turns: readonly (readonly PolicyMessage[])[];
  /** Mean characters per message. */
  readonly contentChars: number;
}

/**
 * A tool-using conversation of exactly `size` messages from the seed: a system prompt and a user request, then
 * turns of a `read_log` or `issue_refund` call (side effects carry a `request_id`) with its result (200–1200
 * characters), and now and then a reply and a new user request. The same seed and size give the same messages.
 */
export function policyHistory(seed: number, size: number): PolicyHistory {
  const rng = new Rng(seed, `policy-history:${size}`);
  const short = new ContentSource(seed, `policy-short:${size}`, 40, 200);
  const long = new ContentSource(seed, `policy-long:${size}`, 200, 1200);
  const turns: PolicyMessage[][] = [
    [
      { role: 'system', id: 'm-0', content: `You are a support agent. ${short.next('system')}` },
      { role: 'user', id: 'm-1', content: short.next('m-1') },
    ],
  ];
  let count = 2;
  let call = 0;
  while (count < size) {
    const n = count;
    let turn: PolicyMessage[];
    if (rng.int(4) === 0) {
      turn = [
        { role: 'assistant', id: `m-${n}`, content: short.next(`m-${n}`) },
        { role: 'user', id: `m-${n + 1}`, content: short.next(`m-${n + 1}`) },
      ];
    } else {
      call += 1;
      const sideEffect = rng.int(3) === 0;
      const toolCall = sideEffect
        ? { id: `call_${call}`, name: 'issue_refund', args: { request_id: `req-${call}`, order: `#${1000 + call}` } }
        : { id: `call_${call}`, name: 'read_log', args: { query: `order #${1000 + call}` } };
      turn = [
        { role: 'assistant', id: `m-${n}`, content: '', toolCalls: [toolCall] },
        { role: 'tool', id: `m-${n + 1}`, toolCallId: toolCall.id, name: toolCall.name, content: long.next(`m-${n + 1}`) },
      ];
    }
    turns.push(turn.slice(0, size - count));
    count += Math.min(turn.length, size - count);
  }
  const messages = turns.flat();
  const chars = messages.reduce((sum, m) => sum + m.content.length, 0);
  return { messages, turns, contentChars: messages.length === 0 ? 0 : chars / messages.length };
}
