// @llamaindex/core 0.6.23 ChatSummaryMemoryBuffer never checks that its summary brought the request under
// tokensToSummarize (its own comment: "TODO: we still might have too many tokens e.g. too large system messages",
// memory/dist/index.js, ChatSummaryMemoryBuffer.getMessages). When the system messages plus the summary still exceed
// it, every later getMessages() summarizes again, with nothing new: one extra model call per request, each a summary
// of the previous summary.
// Uses only @llamaindex/core's public API (an LLM stub that counts its calls). Exit 1: the bug reproduces; 0: fixed.
import { ChatSummaryMemoryBuffer } from '@llamaindex/core/memory';

let calls = 0;
const llm = {
  metadata: { model: 'stub', temperature: 0, topP: 1, contextWindow: 80, maxTokens: 40 }, // tokensToSummarize = 40
  async chat() {
    calls += 1;
    return { message: { role: 'assistant', content: `summary ${calls}: alice asked for a refund of order #1001 and a PDF receipt.` }, raw: null };
  },
};
const memory = new ChatSummaryMemoryBuffer({ llm });
memory.put({ role: 'system', content: 'Standing instructions (AGENTS.md): quote the ticket number in every reply; never refund twice; email receipts as PDF attachments; answer in the customer\'s language; log every refund in the ledger with its request id.' });
memory.put({ role: 'user', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' });
memory.put({ role: 'assistant', content: 'Refunding order #1001 now.' });
await memory.getMessages();
const afterFirst = calls;
await memory.getMessages(); // nothing new
await memory.getMessages(); // nothing new
console.log(`summary calls: ${afterFirst} on the first getMessages(), ${calls - afterFirst} more on two getMessages() with nothing new`);
const looping = calls - afterFirst > 0;
console.log(looping ? 'BUG: it summarizes again on every request although nothing new arrived' : 'no summary without new messages: fixed');
process.exit(looping ? 1 : 0);
