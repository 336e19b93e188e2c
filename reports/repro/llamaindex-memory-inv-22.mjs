// @llamaindex/core 0.6.23 factExtractionBlock: FactExtractionMemoryBlock.put() puts the full text of every message
// it is handed into one prompt, unbounded (memory/dist/index.js), so one long tool output makes the extraction request
// larger than the extraction model's context window; the request fails (Memory only logs a warning) and the messages
// leave the view anyway, with no fact kept.
// Uses only @llamaindex/core's public API (an LLM stub that refuses prompts over its window, as providers do).
// Exit 1: the bug reproduces; 0: fixed.
import { createMemory, factExtractionBlock } from '@llamaindex/core/memory';

const WINDOW_CHARS = 40_000; // about 10,000 tokens
const prompts = [];
const llm = {
  metadata: { model: 'stub', temperature: 0, topP: 1, contextWindow: 10_000, maxTokens: 1000 },
  async complete({ prompt }) {
    prompts.push(String(prompt).length);
    if (String(prompt).length > WINDOW_CHARS) throw new Error(`400 context_length_exceeded: ${String(prompt).length} characters`);
    return { text: JSON.stringify({ facts: [] }), raw: null };
  },
};
const warnings = [];
const memory = createMemory({
  tokenLimit: 2000,
  shortTermTokenLimitRatio: 0.5,
  memoryBlocks: [factExtractionBlock({ id: 'facts', priority: 1, llm, maxFacts: 10 })],
  logger: { log() {}, error() {}, warn: (...args) => warnings.push(args.map(String).join(' ')) },
});
await memory.add({ role: 'user', content: 'TASK: find why order #1001 failed.' });
await memory.add({ role: 'assistant', content: '', options: { toolCall: [{ id: 'call_1', name: 'read_log', input: { query: 'order #1001' } }] } });
await memory.add({ role: 'user', content: 'GET /orders/1001 200 upstream=payments latency_ms=37\n'.repeat(1000), options: { toolResult: { id: 'call_1', result: 'log', isError: false } } });
const sent = await memory.getLLM();
console.log(`fact-extraction prompts: ${prompts.map((n) => `${n} characters`).join(', ')} (window ${WINDOW_CHARS}); warnings logged: ${warnings.length}`);
console.log(`getLLM() now holds ${sent.length} message(s): ${sent.map((m) => `${m.role} (${String(m.content).length} chars)`).join(', ')}`);
const unbounded = prompts.some((n) => n > WINDOW_CHARS);
console.log(unbounded ? 'BUG: the extraction prompt was over the model window; it failed, and the messages left the view with no fact kept' : 'the extraction prompt fit the window: fixed');
process.exit(unbounded ? 1 : 0);
