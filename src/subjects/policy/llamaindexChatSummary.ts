import { ChatSummaryMemoryBuffer } from '@llamaindex/core/memory';
import type { ChatMessage, LLM } from '@llamaindex/core/llms';
import { tokensForMessages, TOKEN_BUDGET_RULE } from './messageTokens.ts';
import { packageVersion } from './packageVersion.ts';
import type { FakeChatModel, PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';
import { toLlamaDetails } from './attachmentParts.ts';

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
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-20' && id !== 'INV-21' && id !== 'INV-26'),
  notes: {
    'INV-21': 'Not applicable: @llamaindex/core ChatMessage has no reasoning or thinking part, so the adapter cannot hand the library a reasoning item to keep.',
    'INV-26': 'Not applicable: ChatSummaryMemoryBuffer keeps messages only; it has no todo list or sub-agent handles.',
    'INV-20': "Not applicable: LlamaIndex agents call getMessages() before a model call, after every tool call of the turn has its result, so ChatSummaryMemoryBuffer never summarizes a call in flight; the generated conversations do. A parallel turn's earlier results are summarized before the model reads them (only the last is kept after the summary), which INV-18 reports as the orphan it leaves.",
    'INV-05': "Deliberate design: the summary is a ChatMessage with role 'memory' and the model's text, naming no messages it replaces (memory/dist/index.js, ChatSummaryMemoryBuffer.summarize).",
    'INV-17': 'Bug: getMessages() summarizes once the request exceeds tokensToSummarize, and summarize() then shifts the oldest messages until its prompt fits the same tokensToSummarize (memory/dist/index.js, ChatSummaryMemoryBuffer.summarize); the prompt is that conversation plus the summary template, so when the conversation alone is over the limit, the usual case, the oldest messages, the task first, are cut before the model sees them. reports/repro/llamaindex-chat-summary-inv-17.mjs.',
    'INV-18': 'Bug: getMessages() keeps a last user message after the new summary (memory/dist/index.js, ChatSummaryMemoryBuffer.getMessages), and LlamaIndex stores a tool result as a user ChatMessage with options.toolResult, so a tool result is sent after the summary while the assistant message with its call was summarized away: an orphan tool result, which chat APIs reject. reports/repro/llamaindex-chat-summary-inv-18.mjs.',
    'INV-19': "Deliberate design: the summary is sent as a system message ('Summary of the conversation so far: …', calcConversationMessages) after the real system messages, which stay first; a later summary replaces the earlier one. With no system prompt of its own, prunecheck's INV-19 reads the first summary as the system prompt changing (issue 27 item 4 changes the check).",
    'INV-22': 'Bug: getMessages() never checks that its summary brought the request under tokensToSummarize (its own comment: `// TODO: we still might have too many tokens e.g. too large system messages`, memory/dist/index.js): when the system messages plus the summary still exceed it, every later getMessages() summarizes again with nothing new, a summary of the summary. summarize() also re-tokenizes the whole prompt once per message it drops (js-tiktoken unless gpt-tokenizer is installed), quadratic in the history, and never ends when the summary template alone is over tokensToSummarize (about 30 tokens: the loop shifts an empty list forever; the generated budgets start at 78 tokens; reports/repro/llamaindex-chat-summary-inv-22-hang.mjs). reports/repro/llamaindex-chat-summary-inv-22.mjs.',
    'INV-23': "Deliberate design: the summary is sent in the system role (calcConversationMessages(true) gives it role 'system'), and messagesToHistory writes a tool result, a user ChatMessage, as 'Human: …' in the summary prompt, so tool output the summary quotes speaks with system authority.",
    'INV-30': "Deliberate design: summarize() returns the model's text as the summary verbatim; the default summaryPrompt asks for 'as many key details as possible' and nothing about cancelled instructions, so a revived instruction or 'continue without asking' reaches the model as a system message.",
    'INV-31': "Deliberate design: the model's summary is used verbatim (see INV-30), so words it attributes to the user or a claim that unfinished work was done reach the model as a system message.",
    'INV-24': 'Bug: summarize() writes the conversation into its prompt with messagesToHistory (utils/dist/index.js), which renders each message as `Human: ${content}` or `Assistant: ${content}` and ignores options.toolCall and options.toolResult (memory/dist/index.js, ChatSummaryMemoryBuffer.summarize); an assistant tool call, content often empty as in LlamaIndex agents, reaches the summarizer as a bare "Assistant:", so no summary can name the call, its arguments or its id and done work reads as not done. reports/repro/llamaindex-chat-summary-inv-24.mjs.',
    'INV-33': 'Bug: the cause of INV-18: getMessages() puts a last user message after the new summary (memory/dist/index.js, ChatSummaryMemoryBuffer.getMessages), and a tool result is a user ChatMessage with options.toolResult, so the request is [system messages, summary (system), tool result]: a result whose call was summarized away, and no user turn before it, which anthropic, openai and gemini reject. reports/repro/llamaindex-chat-summary-inv-18.mjs.',
    'INV-34': "Deliberate design: getMessages() replaces every message since the last summary with the summary text (memory/dist/index.js, ChatSummaryMemoryBuffer.getMessages/summarize), so an image or file part of a summarized user message is gone and nothing names it; the adapter hands the parts over as LlamaIndex content details. Seen on this finding: summarize() renders the conversation with messagesToHistory (`Human: ${message.content}`, utils/dist/index.js), so a user message with content details reaches the summary prompt as \"Human: [object Object],[object Object]\" and even its text is lost.",
    'INV-32': "Deliberate design: only role 'system' messages are kept out of the summary (systemMessages); a standing instruction attached as a user message is summarized with the rest and survives only as far as the summary quotes it.",
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

/**
 * The neutral message as a ChatMessage. @llamaindex/core 0.6 ChatMessage has no approval part, so approval
 * requests and decisions (INV-33) are not handed to the library; a message it keeps maps back to the neutral one
 * by identity, approval parts included.
 */
function toLlama(m: PolicyMessage): Stored {
  if (m.role === 'assistant' && m.toolCalls !== undefined) {
    return { role: 'assistant', content: m.content, options: { toolCall: m.toolCalls.map((c) => ({ id: c.id, name: c.name, input: c.args })) } };
  }
  if (m.role === 'tool') return { role: 'user', content: m.content, options: { toolResult: { id: m.toolCallId, result: m.content, isError: m.isError === true } } };
  // Image and file parts travel as LlamaIndex's content details after the text (INV-34); a kept message maps back
  // to the one given by identity, so its parts come back with their names.
  if (m.role === 'user' && m.attachments !== undefined && m.attachments.length > 0) {
    return { role: 'user', content: [{ type: 'text', text: m.content }, ...toLlamaDetails(m.attachments)] };
  }
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
