import type { PolicyMessage, PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import type { PolicyCase, TurnSpec } from './PolicyCase.ts';
import { FAKE_WINDOW_CHARS } from './fakeModel.ts';
import { attachmentMessage } from './attachmentTurn.ts';
import { approvalRequestsFor, decidedResult, isDenied, needsApproval } from './approvalTurn.ts';
import { sensitiveRead } from './sensitiveReadTurn.ts';
import { arrivalTurn, fileReadTurn, READ_FILES } from './stateTurns.ts';
import { agentStateCall, instructionText, userStatementText, retractionTurn, standingText, largeReadResult, poisonedReadResult, reasoningFor, toolCall, toolResult } from './turnMessages.ts';

/** The conversation a case describes, cut into the rounds the pruner sees (one prune after each). */
export interface Conversation {
  readonly rounds: readonly (readonly PolicyMessage[])[];
  /** Every message the harness wrote, by id (the pruner may add its own; those are not here). */
  readonly written: ReadonlyMap<string, PolicyMessage>;
  /**
   * Per round, the messages that land while its prune may be running (INV-37), taken out of `rounds`: the
   * harness hands them over at the moments its scheduler picks. Empty arrays when the case has no arrivals.
   */
  readonly arrivals: readonly (readonly PolicyMessage[])[];
}

const CUSTOMERS = ['alice', 'bob', 'chen', 'dana'] as const;
const PREFERENCES = ['email in French', 'no phone calls', 'refunds to the original card', 'a PDF receipt'] as const;

/** Builds the messages of a case. Pure: the same case always gives the same messages and ids. */
export function buildConversation(c: PolicyCase): Conversation {
  const messages: PolicyMessage[] = [];
  const turnStarts: number[] = [];
  // For a `late` tool-calls turn: the index of its first result, where a round may be cut.
  const lateSplit = new Map<number, number>();
  let callCounter = 0;
  const arriving = new Set<string>();
  // Calls whose results arrive during a prune, by turn: sent together as the last message of their round.
  const awaited: { turn: number; call: PolicyToolCall }[] = [];
  const filesRead = new Set<string>();
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
        push({ role: 'user', id: nextId(), content: userStatementText(`Also note: ${customer} prefers ${PREFERENCES[n % PREFERENCES.length] as string} (ticket T-${n + 2}).`, turn.chars) });
        return;
      case 'reframe':
        push({ role: 'user', id: nextId(), content: `NEW TASK: stop; instead explain why order #${1002 + n} for ${customer} failed, citing the exact error code.` });
        return;
      case 'assistant-text':
        push({ role: 'assistant', id: nextId(), content: `Progress note ${n + 1}: continuing with the current task for ${customer}.` });
        return;
      case 'instruction': {
        push({ role: 'user', id: nextId(), content: instructionText(turn.tool, n, customer) });
        if (!turn.done) return;
        const call = toolCall(turn.tool, ++callCounter, `req-${callCounter}`, `#${2001 + n}`);
        push({ role: 'assistant', id: nextId(), content: '', toolCalls: [call] });
        push(toolResult(call, false, nextId()));
        return;
      }
      case 'poisoned-read': {
        const call = toolCall('read_log', ++callCounter, undefined);
        push({ role: 'assistant', id: nextId(), content: '', toolCalls: [call] });
        push(poisonedReadResult(call, n, nextId()));
        return;
      }
      case 'large-read': {
        const call = toolCall('read_log', ++callCounter, undefined);
        push({ role: 'assistant', id: nextId(), content: '', toolCalls: [call] });
        push(largeReadResult(call, FAKE_WINDOW_CHARS + 10_000, nextId()));
        return;
      }
      case 'standing':
        push({ role: turn.via, id: nextId(), content: standingText(n, customer) });
        return;
      case 'retraction':
        for (const m of retractionTurn(turn.how, turn.tool, n, customer)) push({ ...m, id: nextId() });
        return;
      case 'attachment':
        push({ ...attachmentMessage(turn.what, n, customer), id: nextId() });
        return;
      case 'sensitive-read': {
        const { call, result } = sensitiveRead(++callCounter, n, customer);
        push({ role: 'assistant', id: nextId(), content: '', toolCalls: [call] });
        push({ ...result, id: nextId() });
        return;
      }
      case 'file-read': {
        const path = READ_FILES[turn.file % READ_FILES.length] as string;
        for (let i = 0; i < (turn.again === true ? 2 : 1); i += 1) {
          const { call, result } = fileReadTurn(path, ++callCounter, filesRead.has(path));
          filesRead.add(path);
          push({ role: 'assistant', id: nextId(), content: '', toolCalls: [call] });
          push({ ...result, id: nextId() });
        }
        return;
      }
      case 'arrival': {
        const { call, arriving: lands } = arrivalTurn(turn.what, turn.what === 'tool-result' ? ++callCounter : 0, n, customer);
        if (call !== undefined) awaited.push({ turn: n, call });
        for (const m of lands) {
          arriving.add(nextId());
          push({ ...m, id: nextId() });
        }
        return;
      }
      case 'agent-state': {
        const { call, result } = agentStateCall(turn.what, ++callCounter, n, customer);
        push({ role: 'assistant', id: nextId(), content: '', toolCalls: [call] });
        push({ ...result, id: nextId() });
        return;
      }
      case 'tool-calls': {
        const calls = turn.calls.map((spec) => ({ spec, call: toolCall(spec.tool, ++callCounter, `req-${callCounter}`) }));
        const reasoning = turn.reasoning === true ? { reasoning: reasoningFor(customer, calls.map((x) => x.call)) } : {};
        // Calls that wait for approval carry their requests; each result carries the user's decision (INV-33).
        const approvals = c.approvals;
        push({ role: 'assistant', id: nextId(), content: '', toolCalls: calls.map((x) => x.call), ...reasoning, ...approvalRequestsFor(approvals, calls.map((x) => x.call)) });
        if (turn.late === true) lateSplit.set(n, messages.length);
        const decided = (call: PolicyToolCall, fails: boolean, denied: boolean): PolicyMessage => {
          const result = toolResult(call, fails, nextId());
          return needsApproval(approvals, call) ? decidedResult(call, result, denied) : result;
        };
        for (const { spec, call } of calls) push(decided(call, spec.fails, isDenied(approvals, call, false)));
        for (const { spec, call } of calls) {
          // A denied call did not run: there is nothing to retry.
          if (!spec.fails || !spec.retried || isDenied(approvals, call, false)) continue;
          const retry = toolCall(spec.tool, ++callCounter, call.args['request_id'] as string | undefined);
          push({ role: 'assistant', id: nextId(), content: `Retrying ${spec.tool} with the same request id.`, toolCalls: [retry], ...approvalRequestsFor(approvals, [retry]) });
          push(decided(retry, false, false));
        }
      }
    }
  }

  // Round r feeds turns [r*perRound, (r+1)*perRound); the first round also carries the system message and task.
  // A round whose last turn is `late` ends after that turn's calls: their results open the next round.
  const perRound = Math.ceil(c.turns.length / c.rounds);
  const starts = [0];
  for (let r = 1; r < c.rounds; r += 1) {
    const lastTurn = Math.min(r * perRound, c.turns.length) - 1;
    starts.push(Math.max(starts[r - 1] as number, lateSplit.get(lastTurn) ?? turnStarts[r * perRound] ?? messages.length));
  }
  // The last turn's late results arrive only if a later round starts at them; otherwise the run ends first.
  const lastSplit = lateSplit.get(c.turns.length - 1);
  const end = lastSplit !== undefined && !starts.includes(lastSplit) ? lastSplit : messages.length;
  const fed = messages.slice(0, end);
  const cut = starts.map((start, r) => fed.slice(Math.min(start, end), Math.min(starts[r + 1] ?? end, end)));
  // A round that ends with calls in flight (a `late` turn) takes no arrivals: a message landing between a call
  // and its result is one no agent sends and no provider accepts. Its user arrivals are sent with it; a result
  // that would arrive, and its call, are not written.
  const inFlightEnd = (round: readonly PolicyMessage[]): boolean => {
    const last = round.filter((m) => !arriving.has(m.id as string)).at(-1);
    return last?.role === 'assistant' && (last.toolCalls ?? []).some((c) => !round.some((m) => m.role === 'tool' && m.toolCallId === c.id));
  };
  const sent: PolicyMessage[] = [];
  const unsent = new Set<string>();
  const rounds = cut.map((round, r) => {
    const calls = awaited.filter((a) => a.turn >= r * perRound && a.turn < (r + 1) * perRound).map((a) => a.call);
    if (inFlightEnd(round)) {
      for (const m of round) if (m.role === 'tool' && arriving.has(m.id as string)) unsent.add(m.id as string);
      return round.filter((m) => !unsent.has(m.id as string));
    }
    const plain = round.filter((m) => !arriving.has(m.id as string));
    if (calls.length === 0) return plain;
    // Parallel calls in one message: a pruner keeps a trailing turn in flight whole (INV-20).
    const message: PolicyMessage = { role: 'assistant', id: `m${messages.length + sent.length}`, content: '', toolCalls: calls };
    sent.push(message);
    return [...plain, message];
  });
  // Results first: they complete the turn in flight; a user message or report lands after them.
  const arrivals = cut.map((round) => (inFlightEnd(round) ? [] : round.filter((m) => arriving.has(m.id as string)).sort((a, b) => Number(b.role === 'tool') - Number(a.role === 'tool'))));
  return { rounds, written: new Map([...fed.filter((m) => !unsent.has(m.id as string)), ...sent].map((m) => [m.id as string, m])), arrivals };
}
