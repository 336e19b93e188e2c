// @llamaindex/core 0.6.23 ChatSummaryMemoryBuffer drops the task from its own summary prompt. getMessages()
// summarizes once the request exceeds tokensToSummarize; summarize() then shifts the oldest messages until its
// prompt fits the same tokensToSummarize (memory/dist/index.js, ChatSummaryMemoryBuffer.summarize). The prompt is
// that conversation plus the summary template, so it never fits as it is: the first message, the task, is always
// cut before the model sees it.
// Uses only @llamaindex/core's public API (an LLM stub that records its prompt). Exit 1: the bug reproduces; 0: fixed.
import { ChatSummaryMemoryBuffer } from '@llamaindex/core/memory';

const prompts = [];
const llm = {
  metadata: { model: 'stub', temperature: 0, topP: 1, contextWindow: 80, maxTokens: 40 }, // tokensToSummarize = 40
  async chat({ messages }) {
    prompts.push(messages.map((m) => m.content).join('\n'));
    return { message: { role: 'assistant', content: 'summary' }, raw: null };
  },
};
const memory = new ChatSummaryMemoryBuffer({ llm });
memory.put({ role: 'user', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' });
memory.put({ role: 'assistant', content: 'I will look up order #1001 and issue the refund, then send alice the receipt by email.' });
memory.put({ role: 'user', content: 'Note: alice prefers the receipt as a PDF attachment, and in French if possible.' });
memory.put({ role: 'assistant', content: 'Understood: a PDF receipt, in French. Checking the payment provider for order #1001 now.' });
memory.put({ role: 'user', content: 'Thanks.' });
await memory.getMessages();
console.log(`--- the summary prompt (${prompts.length} call):\n${prompts[0] ?? '(no summary was made)'}`);
const hasTask = prompts.length > 0 && prompts[0].includes('TASK: refund order #1001');
console.log(prompts.length === 0 ? 'no summary was made: the setup no longer reaches the trigger' : hasTask ? 'the task is in the summary prompt: fixed' : 'BUG: the summary prompt does not contain the task, the first message');
process.exit(prompts.length > 0 && !hasTask ? 1 : 0);
