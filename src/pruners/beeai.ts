// `prunecheck/pruners/beeai`: beeai-framework's TokenMemory, SlidingMemory and SummarizeMemory (needs beeai-framework;
// its undeclared zod import is sent to 'zod/v3', see src/subjects/policy/beeaiLibrary.ts).
export { beeaiTokenMemoryAdapter as beeaiTokenMemory } from '../subjects/policy/beeaiTokenMemory.ts';
export { beeaiSlidingMemoryAdapter as beeaiSlidingMemory } from '../subjects/policy/beeaiSlidingMemory.ts';
export { beeaiSummarizeMemoryAdapter as beeaiSummarizeMemory } from '../subjects/policy/beeaiSummarizeMemory.ts';
