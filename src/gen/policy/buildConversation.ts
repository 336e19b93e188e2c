import type { PolicyMessage, PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import { SIDE_EFFECT_TOOLS, type PolicyCase, type TurnSpec } from './PolicyCase.ts';

/** The conversation a case describes, cut into the rounds the pruner sees (one prune after each). */
export interface Conversation {
  readonly rounds: readonly (readonly PolicyMessage[])[];
  /** Every message the harness wrote, by id (the pruner may add its own; those are not here). */
  readonly written: ReadonlyMap<string, PolicyMessage>;
}

const CUSTOMERS = ['alice', 'bob', 'chen', 'dana'] as const;
const PREFERENCES = ['email in French', 'no phone calls', 'refunds to the original card', 'a PDF receipt'] as const;
const PADDING = ' detail'.repeat(40);

/** Builds the messages of a case. Pure: the same case always gives the same messages and ids. */
export function buildConversation(c: PolicyCase): Conversation {
  const messages: PolicyMessage[] = [];
  const turnStarts: number[] = [];
  let callCounter = 0;
  const nextId = (): string => `m${messages.length}`;
  const push = (m: PolicyMessage): void => {
    messages.push(m);
  };

  if (c.system) push({ role: 'system', id: nextId(), content: 'You are a careful operations agent. Never repeat a side-effecting call; reuse its request_id when retrying.' });
  push({ role: 'user', id: nextId(), content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' });

  c.turns.forEach((turn, n) => {
    turnStarts.push(messages.length);
    appendTurn(turn, n);
  });

  function appendTurn(turn: TurnSpec, n: number): void {
    const customer = CUSTOMERS[n % CUSTOMERS.length] as string;
    switch (turn.kind) {
      case 'user-statement':
        push({ role: 'user', id: nextId(), content: `Also note: ${customer} prefers ${PREFERENCES[n % PREFERENCES.length] as string} (ticket T-${n + 2}).` });
        return;
      case 'reframe':
        push({ role: 'user', id: nextId(), content: `NEW TASK: stop; instead explain why order #${1002 + n} for ${customer} failed, citing the exact error code.` });
        return;
      case 'assistant-text':
        push({ role: 'assistant', id: nextId(), content: `Progress note ${n + 1}: continuing with the current task for ${customer}.` });
        return;
      case 'tool-calls': {
        const calls = turn.calls.map((spec) => ({ spec, call: toolCall(spec.tool, ++callCounter, `req-${callCounter}`) }));
        push({ role: 'assistant', id: nextId(), content: '', toolCalls: calls.map((x) => x.call) });
        for (const { spec, call } of calls) push(toolResult(call, spec.fails, nextId()));
        for (const { spec, call } of calls) {
          if (!spec.fails || !spec.retried) continue;
          const retry = toolCall(spec.tool, ++callCounter, call.args['request_id'] as string | undefined);
          push({ role: 'assistant', id: nextId(), content: `Retrying ${spec.tool} with the same request id.`, toolCalls: [retry] });
          push(toolResult(retry, false, nextId()));
        }
      }
    }
  }

  // Round r feeds turns [r*perRound, (r+1)*perRound); the first round also carries the system message and task.
  const perRound = Math.ceil(c.turns.length / c.rounds);
  const boundary = (r: number): number => (r === 0 ? 0 : r >= c.rounds ? messages.length : (turnStarts[r * perRound] ?? messages.length));
  const rounds = Array.from({ length: c.rounds }, (_, r) => messages.slice(boundary(r), boundary(r + 1)));
  return { rounds, written: new Map(messages.map((m) => [m.id as string, m])) };
}

function toolCall(tool: string, k: number, requestId: string | undefined): PolicyToolCall {
  const sideEffect = (SIDE_EFFECT_TOOLS as readonly string[]).includes(tool);
  const args: Record<string, unknown> = sideEffect ? { request_id: requestId, order: `#${1000 + k}` } : { query: `order #${1000 + k}` };
  return { id: `call_${k}`, name: tool, args };
}

function toolResult(call: PolicyToolCall, fails: boolean, id: string): PolicyMessage {
  const requestId = call.args['request_id'];
  const suffix = typeof requestId === 'string' ? ` request_id=${requestId}` : '';
  const content = fails
    ? JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'upstream throttled', retry_after_s: 30, ...(typeof requestId === 'string' ? { request_id: requestId } : {}) } })
    : `OK ${call.name} txn=TX-${9000 + Number(call.id.slice(5))}${suffix}${PADDING}`;
  return { role: 'tool', id, toolCallId: call.id, name: call.name, content, ...(fails ? { isError: true } : {}) };
}

/** Request ids of side-effecting calls in `messages` (what INV-09 requires to stay discoverable). */
export function sideEffectRequestIds(messages: readonly PolicyMessage[]): string[] {
  const ids = new Set<string>();
  for (const m of messages) {
    if (m.role !== 'assistant') continue;
    for (const call of m.toolCalls ?? []) {
      const id = call.args['request_id'];
      if ((SIDE_EFFECT_TOOLS as readonly string[]).includes(call.name) && typeof id === 'string') ids.add(id);
    }
  }
  return [...ids];
}
