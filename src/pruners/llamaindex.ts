// `prunecheck/pruners/llamaindex`: LlamaIndex's Memory with a fact-extraction block (needs @llamaindex/core).
export { llamaindexMemoryAdapter as llamaindexMemory } from '../subjects/policy/llamaindexMemory.ts';
