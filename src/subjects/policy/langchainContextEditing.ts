import { AIMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { ClearToolUsesEdit, contextEditingMiddleware } from 'langchain';
import { FakeLangChainModel, fromLangChain, toLangChain } from './langchainMessages.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

type ModelRequest = { messages: BaseMessage[]; systemPrompt?: string; model: FakeLangChainModel };
type WrapModelCall = (request: ModelRequest, handler: (request: ModelRequest) => Promise<AIMessage>) => Promise<unknown>;

/**
 * langchain's contextEditingMiddleware with ClearToolUsesEdit, driven as createAgent drives it: `wrapModelCall`
 * receives the agent's own state.messages array (createAgent passes it as is) and edits it in place.
 */
export const langchainContextEditingAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'langchain-context-editing',
  version: packageVersion('langchain'),
  description: 'langchain contextEditingMiddleware + ClearToolUsesEdit (wrapModelCall)',
  package: 'langchain',
  // No summarizer: INV-16 (failing summarizer) does not apply.
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-16' && id !== 'INV-26'),
  notes: {
    'INV-16': 'Not applicable: ClearToolUsesEdit calls no model.',
    'INV-26': 'Not claimed: the adapter drives wrapModelCall alone; createAgent keeps the todo list (todoListMiddleware) in agent state, which ClearToolUsesEdit neither reads nor writes.',
    'INV-01': 'Deliberate design: old tool results are replaced by a "[cleared]" placeholder marked in response_metadata.context_editing; the original output is not kept anywhere.',
    'INV-36': 'Not observable: ClearToolUsesEdit keeps no state outside the messages.',
    'INV-20': 'Deliberate design: `keep` counts tool results, not turns, so a turn of parallel calls with more results than `keep` has its older results cleared before the model reads them; set `keep` above the widest parallel fan-out.',
  },
  // wrapModelCall edits the request inside the model node; nothing else writes state.messages meanwhile (INV-37).
  asynchronousPrune: false,
  create(model, config) {
    const middleware = contextEditingMiddleware({
      edits: [new ClearToolUsesEdit({ trigger: { messages: config.triggerMessages }, keep: { messages: config.keepMessages } })],
    });
    const wrapModelCall = middleware.wrapModelCall as unknown as WrapModelCall;
    let system: SystemMessage | undefined;
    const messages: BaseMessage[] = [];
    let reported = 0;
    return {
      async step(incoming) {
        for (const m of incoming.map(toLangChain)) {
          // createAgent keeps the system prompt (the conversation's leading system message) outside the messages; a
          // later system message (an attached AGENTS.md, INV-32) is one of the messages.
          if (SystemMessage.isInstance(m) && system === undefined && messages.length === 0) system = m;
          else messages.push(m);
        }
        const before = messages.map(fromLangChain);
        const request: ModelRequest = { messages, model: new FakeLangChainModel(model), ...(system === undefined ? {} : { systemPrompt: String(system.content) }) };
        await wrapModelCall(request, async () => new AIMessage('model answer'));
        const view: PolicyMessage[] = request.messages.map((m) => withMarker(m, before));
        // INV-38: the library's report is the context_editing flag it writes on each message it cleared.
        const flagged = request.messages.filter(isFlagged).length;
        // It flags what it cleared; the cleared message is a new ToolMessage without the original's id, so only the flag is its report.
        const outcome = { compacted: flagged > reported };
        reported = flagged;
        return { view: system === undefined ? view : [fromLangChain(system), ...view], record: { retained: [], offloaded: [], metadata: {} }, outcome };
      },
    };
  },
};

/** The library marked the message as edited: a cleared result, or a call whose inputs it cleared. */
function isFlagged(m: BaseMessage): boolean {
  const entry = (m.response_metadata as { context_editing?: { cleared?: boolean; cleared_tool_inputs?: unknown[] } } | undefined)?.context_editing;
  return entry?.cleared === true || (entry?.cleared_tool_inputs?.length ?? 0) > 0;
}

/** A cleared tool result names, through its tool_call_id and the library's flag, the message it replaced. */
function withMarker(m: BaseMessage, before: readonly PolicyMessage[]): PolicyMessage {
  const message = fromLangChain(m);
  const cleared = (m.response_metadata as { context_editing?: { cleared?: boolean } } | undefined)?.context_editing?.cleared === true;
  if (!cleared || message.role !== 'tool') return message;
  const original = before.find((b) => b.role === 'tool' && b.toolCallId === message.toolCallId && b.id !== undefined);
  return original?.id === undefined ? message : { ...message, replaces: [original.id] };
}

export default langchainContextEditingAdapter;
