import { ChatSummaryMemoryBuffer } from '@llamaindex/core/memory';
import type { ChatMessage, LLM } from '@llamaindex/core/llms';
import { tokensForMessages, TOKEN_BUDGET_RULE } from './messageTokens.ts';
import { packageVersion } from './packageVersion.ts';
import type { FakeChatModel, PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

type Options = { toolCall?: { id: string; name: string; input: unknown }[]; toolResult?: { id: string; result: string; isError: boolean } };
type Stored = ChatMessage<Options>;

/**
 * @llamaindex/core's ChatSummaryMemoryBuffer (deprecated on npm in favour of Memory, still published) with its
 * default tokenizer and summary prompt. Each step `put`s the new messages and reads `getMessages()`, as an agent
 * does before each model call: past `tokensToSummarize` (the LLM's contextWindow minus its maxTokens) it asks the
 * model for a summary of the conversation since the last one and sends it as a system message. Tool calls and
 * results are ChatMessages with `options.toolCall` / `options.toolResult`, results in the user role, as
 * @llamaindex/core's own agents write them.
 */
export const llamaindexChatSummaryAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'llamaindex-chat-summary',
  version: packageVersion('@llamaindex/core', '@llamaindex/core/memory'),
  description: `@llamaindex/core ChatSummaryMemoryBuffer (default tokenizer and summaryPrompt; tokensToSummarize = triggerMessages, ${TOKEN_BUDGET_RULE}; deprecated on npm)`,
  package: '@llamaindex/core',
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-21' && id !== 'INV-26'),
  notes: {
    'INV-21': 'Not applicable: @llamaindex/core ChatMessage has no reasoning or thinking part, so the adapter cannot hand the library a reasoning item to keep.',
    'INV-26': 'Not applicable: ChatSummaryMemoryBuffer keeps messages only; it has no todo list or sub-agent handles.',
  },
  create(model, config) {
    // tokensToSummarize = contextWindow - maxTokens, which the library requires to be at least a quarter of the window.
    const trigger = tokensForMessages(config.triggerMessages);
    const memory = new ChatSummaryMemoryBuffer({ llm: summaryLLM(model, { contextWindow: 2 * trigger, maxTokens: trigger }) });
    const added = new WeakMap<object, PolicyMessage>();
    const back = (m: Stored): PolicyMessage => added.get(m) ?? fromLlama(m);
    return {
      async step(incoming) {
        for (const m of incoming) {
          const stored = toLlama(m);
          added.set(stored, m);
          memory.put(stored as ChatMessage);
        }
        const record = { retained: memory.messages.filter((m) => added.has(m)).map(back), offloaded: [], metadata: { summaries: memory.messages.filter((m) => (m.role as string) === 'memory').length } };
        try {
          const view = (await memory.getMessages()) as Stored[];
          return { view: view.map(back), record: { ...record, metadata: { summaries: memory.messages.filter((m) => (m.role as string) === 'memory').length } } };
        } catch (error: unknown) {
          // The summary call failed: getMessages() rethrows and nothing was summarized; the agent's run ends here.
          return { view: (memory.messages as Stored[]).map(back), record, threw: error instanceof Error ? error.message : String(error) };
        }
      },
    };
  },
};

/** The fake summarizer as a LlamaIndex LLM: the memory calls `chat()` with one user message, the summary prompt. */
function summaryLLM(model: FakeChatModel, window: { contextWindow: number; maxTokens: number }): LLM {
  const llm = {
    metadata: { model: 'prunecheck-fake', temperature: 0, topP: 1, ...window, tokenizer: undefined, structuredOutput: false },
    async chat({ messages }: { messages: ChatMessage[] }) {
      const text = await model.complete(messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n'));
      return { message: { role: 'assistant', content: text }, raw: null };
    },
    async complete() {
      throw new Error('ChatSummaryMemoryBuffer only calls chat()');
    },
  };
  return llm as unknown as LLM;
}

function toLlama(m: PolicyMessage): Stored {
  if (m.role === 'assistant' && m.toolCalls !== undefined) {
    return { role: 'assistant', content: m.content, options: { toolCall: m.toolCalls.map((c) => ({ id: c.id, name: c.name, input: c.args })) } };
  }
  if (m.role === 'tool') return { role: 'user', content: m.content, options: { toolResult: { id: m.toolCallId, result: m.content, isError: m.isError === true } } };
  return { role: m.role, content: m.content };
}

/** A message the library made: its summary comes back as a system message ("Summary of the conversation so far: …"). */
function fromLlama(m: Stored): PolicyMessage {
  const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  if (m.role === 'system') return { role: 'system', content };
  if (m.role === 'assistant') return { role: 'assistant', content };
  // The stored summary (role "memory", seen only if the summary call failed) and anything else: text, no authority.
  return { role: 'user', content };
}

export default llamaindexChatSummaryAdapter;
