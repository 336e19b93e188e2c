// @llamaindex/core 0.6.23 ChatSummaryMemoryBuffer never shows a tool call to its summarizer. summarize() writes the
// conversation into its prompt with messagesToHistory (utils/dist/index.js), which renders each message as
// `Human: ${content}` or `Assistant: ${content}` and ignores options.toolCall / options.toolResult; LlamaIndex's
// agents write a tool call as an assistant ChatMessage whose call is in options.toolCall (content often empty), so
// the summary prompt holds neither the tool's name, its arguments nor the call id: the summary cannot say the work
// was done, and the agent does it again.
// Uses only @llamaindex/core's public API (an LLM stub that records its prompt). Exit 1: the bug reproduces; 0: fixed.
import { ChatSummaryMemoryBuffer } from '@llamaindex/core/memory';

const prompts = [];
const llm = {
  // tokensToSummarize = 200: the system prompt below pushes the request over it while the conversation alone fits
  // the summary prompt, so nothing is cut from the prompt (that is another bug, llamaindex-chat-summary-inv-17.mjs).
  metadata: { model: 'stub', temperature: 0, topP: 1, contextWindow: 400, maxTokens: 200 },
  async chat({ messages }) {
    prompts.push(messages.map((m) => String(m.content)).join('\n'));
    return { message: { role: 'assistant', content: 'alice asked for a refund of order #1001.' }, raw: null };
  },
};
const memory = new ChatSummaryMemoryBuffer({ llm });
memory.put({ role: 'system', content: `You are a support agent. ${'Follow the refund policy exactly. '.repeat(30)}` });
memory.put({ role: 'user', content: 'TASK: refund order #1001 for alice.' });
memory.put({ role: 'assistant', content: '', options: { toolCall: [{ id: 'call_1', name: 'issue_refund', input: { order: '#1001', amount: 120 } }] } });
memory.put({ role: 'user', content: 'OK txn=TX-9001', options: { toolResult: { id: 'call_1', result: 'OK txn=TX-9001', isError: false } } });
memory.put({ role: 'user', content: 'Thanks. Anything else to do?' });
await memory.getMessages();
const prompt = prompts[0] ?? '';
console.log('summary prompt, conversation part:');
console.log(prompt.split('\n').filter((l) => /^(Human|Assistant):/.test(l)).map((l) => `  ${l}`).join('\n'));
const named = ['issue_refund', 'call_1', '120'].some((s) => prompt.includes(s));
console.log(named ? 'the summary prompt names the refund call: fixed' : 'BUG: the summary prompt shows neither the tool call issue_refund, its arguments nor its id call_1');
process.exit(prompts.length > 0 && !named ? 1 : 0);
