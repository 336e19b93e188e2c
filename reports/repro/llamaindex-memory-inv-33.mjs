// @llamaindex/core 0.6.23 factExtractionBlock: FactExtractionMemoryBlock.get() returns its block as a message
// whatever it holds (`content: this.facts.join("\n")`, memory/dist/index.js), so before any fact is extracted
// Memory.getLLM() sends a 'memory' message with empty content first, which chat APIs reject ("all messages must
// have non-empty content").
// Uses only @llamaindex/core's public API (an LLM stub that is never asked: no extraction runs below the limit).
// Exit 1: the bug reproduces; 0: fixed.
import { createMemory, factExtractionBlock } from '@llamaindex/core/memory';

const llm = {
  metadata: { model: 'stub', temperature: 0, topP: 1, contextWindow: 10_000, maxTokens: 1000 },
  async complete() {
    return { text: JSON.stringify({ facts: [] }), raw: null };
  },
};
const memory = createMemory({
  tokenLimit: 2000,
  shortTermTokenLimitRatio: 0.5,
  memoryBlocks: [factExtractionBlock({ id: 'facts', priority: 1, llm, maxFacts: 10 })],
  logger: { log() {}, error() {}, warn() {} },
});
await memory.add({ role: 'user', content: 'TASK: refund order #1001 for alice.' });
const sent = await memory.getLLM();
for (const m of sent) console.log(`  ${m.role}: ${JSON.stringify(String(m.content).slice(0, 60))}`);
const empty = sent.some((m) => (typeof m.content === 'string' ? m.content.trim() === '' : Array.isArray(m.content) && m.content.length === 0));
console.log(empty ? 'BUG: getLLM() sends a message with empty content before any fact is extracted' : 'no empty message: fixed');
process.exit(empty ? 1 : 0);
