// @llamaindex/core 0.6.23 ChatSummaryMemoryBuffer keeps an orphan tool result. LlamaIndex puts a tool result in a
// ChatMessage with role "user" and options.toolResult; getMessages() keeps "a last user message" after the new
// summary (memory/dist/index.js, ChatSummaryMemoryBuffer.getMessages), so when the last message is a tool result it
// is sent after the summary while the assistant message with its tool call is summarized away.
// Uses only @llamaindex/core's public API (an LLM stub). Exit 1: the bug reproduces; 0: fixed.
import { ChatSummaryMemoryBuffer } from '@llamaindex/core/memory';

const llm = {
  metadata: { model: 'stub', temperature: 0, topP: 1, contextWindow: 80, maxTokens: 40 }, // tokensToSummarize = 40
  async chat() {
    return { message: { role: 'assistant', content: 'alice asked for a refund of order #1001.' }, raw: null };
  },
};
const memory = new ChatSummaryMemoryBuffer({ llm });
memory.put({ role: 'user', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt in French, as a PDF attachment.' });
memory.put({ role: 'assistant', content: 'Issuing the refund for order #1001 now, then I will email the receipt.', options: { toolCall: [{ id: 'call_1', name: 'issue_refund', input: { order: '#1001' } }] } });
memory.put({ role: 'user', content: 'OK issue_refund txn=TX-9001 for order #1001, amount 120.00 EUR, card ending 4242.', options: { toolResult: { id: 'call_1', result: 'OK', isError: false } } });
const sent = await memory.getMessages();
console.log('getMessages():');
for (const m of sent) console.log(`  ${m.role}${m.options?.toolCall ? ' (tool call)' : ''}${m.options?.toolResult ? ` (tool result of ${m.options.toolResult.id})` : ''}: ${String(m.content).slice(0, 70)}`);
const calls = new Set(sent.flatMap((m) => (m.options?.toolCall ?? []).map((c) => c.id)));
const orphan = sent.some((m) => m.options?.toolResult !== undefined && !calls.has(m.options.toolResult.id));
console.log(orphan ? 'BUG: the request holds the result of call_1 but not the call' : 'no orphan tool result: fixed');
process.exit(orphan ? 1 : 0);
