// @llamaindex/core 0.6.23 ChatSummaryMemoryBuffer.summarize() never ends when the summary template alone is over
// tokensToSummarize: its do/while formats the prompt, shifts the oldest message, and repeats while the prompt is
// too long (memory/dist/index.js, ChatSummaryMemoryBuffer.summarize); once the list is empty the prompt is the
// template, still too long, and it shifts the empty list forever, a synchronous loop that blocks the process.
// The constructor only requires tokensToSummarize to be a quarter of the context window, so a small window passes.
// Uses only @llamaindex/core's and @llamaindex/env's public API; the library's own tokenizer, wrapped to stop the
// loop after 1,000 encodes (3 messages need at most 4). Exit 1: the bug reproduces; 0: fixed.
import { ChatSummaryMemoryBuffer } from '@llamaindex/core/memory';
import { tokenizers } from '@llamaindex/env/tokenizers';

const own = tokenizers.tokenizer();
let encodes = 0;
class Looping extends Error {}
const tokenizer = {
  encode(text) {
    encodes += 1;
    if (encodes > 1000) throw new Looping(`still re-encoding after ${encodes - 1} calls`);
    return own.encode(text);
  },
  decode: (tokens) => own.decode(tokens),
};
const llm = {
  metadata: { model: 'stub', temperature: 0, topP: 1, contextWindow: 40, maxTokens: 20 }, // tokensToSummarize = 20
  async chat() {
    return { message: { role: 'assistant', content: 'summary' }, raw: null };
  },
};
const memory = new ChatSummaryMemoryBuffer({ llm, tokenizer });
memory.put({ role: 'user', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' });
memory.put({ role: 'assistant', content: 'Refunding order #1001 now.' });
const templateTokens = own.encode(memory.summaryPrompt.format({ context: '' })).length;
let looping = false;
try {
  await memory.getMessages();
} catch (error) {
  if (!(error instanceof Looping)) throw error;
  looping = true;
  console.log(`getMessages() was stopped: ${error.message}; the empty-context summary prompt alone is ${templateTokens} tokens, tokensToSummarize ${memory.tokensToSummarize}`);
}
console.log(looping ? 'BUG: summarize() loops forever once it has shifted every message out' : `getMessages() returned after ${encodes} encodes: fixed`);
process.exit(looping ? 1 : 0);
