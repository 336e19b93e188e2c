// @llamaindex/core 0.6.23 Memory: once the unprocessed messages pass the short-term limit, manageMemoryBlocks()
// hands every unprocessed message to the long-term blocks and moves the cursor past all of them
// (memory/dist/index.js, Memory.manageMemoryBlocks / updateMemoryCursor), the tool results just added included. The
// next getLLM() has none of them: the model gets a fact block instead of the results it asked for.
// Uses only @llamaindex/core's public API (an LLM stub for the fact block). Exit 1: the bug reproduces; 0: fixed.
import { createMemory, factExtractionBlock } from '@llamaindex/core/memory';

const llm = {
  metadata: { model: 'stub', temperature: 0, topP: 1, contextWindow: 100000, maxTokens: 1000 },
  async complete() {
    return { text: JSON.stringify({ facts: ['alice asked for refunds of #1001 and #1002.'] }), raw: null };
  },
};
const memory = createMemory({ tokenLimit: 120, shortTermTokenLimitRatio: 0.5, memoryBlocks: [factExtractionBlock({ id: 'facts', priority: 1, llm, maxFacts: 10 })] });
await memory.add({ role: 'user', content: 'TASK: refund orders #1001 and #1002 for alice (ticket T-1).' });
await memory.add({ role: 'assistant', content: '', options: { toolCall: [{ id: 'call_1', name: 'issue_refund', input: { order: '#1001' } }, { id: 'call_2', name: 'issue_refund', input: { order: '#1002' } }] } });
await memory.add({ role: 'user', content: 'OK issue_refund txn=TX-9001 request_id=req-1 order=#1001 amount=120.00 EUR', options: { toolResult: { id: 'call_1', result: 'OK', isError: false } } });
await memory.add({ role: 'user', content: 'OK issue_refund txn=TX-9002 request_id=req-2 order=#1002 amount=80.00 EUR', options: { toolResult: { id: 'call_2', result: 'OK', isError: false } } });
// The model is called next, to read the two results it asked for.
const sent = await memory.getLLM();
for (const m of sent) console.log(`  ${m.role}: ${String(m.content).slice(0, 80).replace(/\n/g, ' ')}`);
const read = sent.some((m) => m.options?.toolResult?.id === 'call_2');
console.log(read ? 'the latest results reach the model: fixed' : 'BUG: the results of the turn in progress are not in getLLM(); they went to long-term memory unread');
process.exit(read ? 0 : 1);
