import type { PolicyAgentState, PolicyTodo } from './PolicyAdapter.ts';
import type { PolicyMessage, PolicyToolCall } from './PolicyMessage.ts';
import { SIDE_EFFECT_TOOLS } from './toolNames.ts';

/**
 * What a list of generated messages says about the agent's work: which calls are in flight, which results
 * are unread, which calls completed, which instructions are done. The checks of INV-20 onward read these
 * facts off the list before a prune; they follow the generator's conventions (src/gen/policy/turnMessages.ts).
 */

type ToolMessage = Extract<PolicyMessage, { role: 'tool' }>;
type AssistantMessage = Extract<PolicyMessage, { role: 'assistant' }>;

const isSideEffect = (call: PolicyToolCall): boolean => (SIDE_EFFECT_TOOLS as readonly string[]).includes(call.name);

/** Request ids of side-effecting calls in `messages` (what INV-09 requires to stay discoverable). */
export function sideEffectRequestIds(messages: readonly PolicyMessage[]): string[] {
  const ids = new Set<string>();
  for (const call of calls(messages)) {
    const id = call.args['request_id'];
    if (isSideEffect(call) && typeof id === 'string') ids.add(id);
  }
  return [...ids];
}

/** Every tool call in `messages`, in order. */
export function calls(messages: readonly PolicyMessage[]): PolicyToolCall[] {
  return messages.flatMap((m) => (m.role === 'assistant' ? [...(m.toolCalls ?? [])] : []));
}

/** The assistant message that carries `callId`, if any. */
export function callerOf(messages: readonly PolicyMessage[], callId: string): AssistantMessage | undefined {
  return messages.find((m): m is AssistantMessage => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => c.id === callId));
}

export function resultOf(messages: readonly PolicyMessage[], callId: string): ToolMessage | undefined {
  return messages.find((m): m is ToolMessage => m.role === 'tool' && m.toolCallId === callId);
}

/** Calls whose result has not arrived: in flight (INV-20). */
export function inFlightCalls(messages: readonly PolicyMessage[]): PolicyToolCall[] {
  return calls(messages).filter((c) => resultOf(messages, c.id) === undefined);
}

/**
 * The results that end the list: the turn in progress, whose results the model has not read yet because
 * the prune runs before its next call (INV-20). Results followed by anything else are not counted.
 */
export function unreadResults(messages: readonly PolicyMessage[]): ToolMessage[] {
  let start = messages.length;
  while (start > 0 && messages[start - 1]?.role === 'tool') start -= 1;
  return messages.slice(start) as ToolMessage[];
}

/** A call with its successful result. */
export interface CompletedCall {
  readonly call: PolicyToolCall;
  readonly result: ToolMessage;
}

/** Calls that succeeded (a result that is not an error), side-effecting ones only when `sideEffectsOnly`. */
export function completedCalls(messages: readonly PolicyMessage[], sideEffectsOnly = false): CompletedCall[] {
  return calls(messages).flatMap((call) => {
    const result = resultOf(messages, call.id);
    if (result === undefined || result.isError === true || (sideEffectsOnly && !isSideEffect(call))) return [];
    return [{ call, result }];
  });
}

/** The digits of the order a call acts on (`#2003`, `order #2003`), or undefined. */
export function orderOf(call: PolicyToolCall): string | undefined {
  const arg = call.args['order'] ?? call.args['query'];
  return typeof arg === 'string' || typeof arg === 'number' ? /(\d+)/.exec(String(arg))?.[1] : undefined;
}

/** A user instruction (`INSTRUCTION I-n: … order #N …`) and the call that performed it, if one completed. */
export interface Instruction {
  readonly id: string;
  readonly message: PolicyMessage;
  readonly order: string;
  readonly doneBy?: CompletedCall;
}

const INSTRUCTION = /^INSTRUCTION (I-\d+): .*order #(\d+)/;

export function instructions(messages: readonly PolicyMessage[]): Instruction[] {
  const completed = completedCalls(messages);
  return messages.flatMap((message) => {
    const match = message.role === 'user' ? INSTRUCTION.exec(message.content) : null;
    if (match === null) return [];
    const order = match[2] as string;
    const doneBy = completed.find((c) => orderOf(c.call) === order);
    return [{ id: match[1] as string, message, order, ...(doneBy === undefined ? {} : { doneBy }) }];
  });
}

/**
 * The agent state the messages wrote, in order: the latest `write_todos` list, and the handles of sub-agents
 * started by `task` (its result names the handle). Undefined fields: the messages never wrote them.
 */
export function agentStateOf(messages: readonly PolicyMessage[]): PolicyAgentState {
  let todos: readonly PolicyTodo[] | undefined;
  const subagents: string[] = [];
  for (const call of calls(messages)) {
    if (call.name === 'write_todos' && Array.isArray(call.args['todos']) && resultOf(messages, call.id) !== undefined) todos = call.args['todos'] as PolicyTodo[];
    if (call.name === 'task') {
      const handle = /\(handle ([\w-]+)\)/.exec(resultOf(messages, call.id)?.content ?? '')?.[1];
      if (handle !== undefined) subagents.push(handle);
    }
  }
  return { ...(todos === undefined ? {} : { todos }), ...(subagents.length === 0 ? {} : { subagents }) };
}
