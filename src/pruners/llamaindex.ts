// `prunecheck/pruners/llamaindex`: LlamaIndex's Memory with a fact-extraction block (needs @llamaindex/core).
export { llamaindexMemoryAdapter as llamaindexMemory } from '../subjects/policy/llamaindexMemory.ts';
// LlamaIndex's ChatSummaryMemoryBuffer (needs @llamaindex/core).
export { llamaindexChatSummaryAdapter as llamaindexChatSummary } from '../subjects/policy/llamaindexChatSummary.ts';
