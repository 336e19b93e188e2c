import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { loadWithLibraries, type PrunerLibrary } from './PrunerLibrary.ts';
import { BENCH_POLICY_PRUNERS } from './bench/index.ts';
import { BROKEN_POLICY_PRUNERS } from './broken/index.ts';
import { LEGAL_POLICY_PRUNERS } from './legal/index.ts';

/** A built-in policy adapter by name. `load` imports the library only when the adapter is used. */
export interface PolicyAdapterEntry {
  readonly name: string;
  readonly package: string;
  /** Part of `npm run ecosystem` (a real npm package), as opposed to prunecheck's own pruners. */
  readonly ecosystem: boolean;
  /**
   * The npm packages the adapter imports, at the versions prunecheck tests (optional peer dependencies: the
   * user installs them). Empty for prunecheck's own pruners.
   */
  readonly libraries: readonly PrunerLibrary[];
  /** The subpath export that holds the adapter, for use from your own tests (`prunecheck/pruners/ai`). */
  readonly module?: string;
  /** Imports the adapter; an AdapterLoadError (`MISSING_LIBRARY`, with the install command) when a library is missing. */
  load(): Promise<PolicyAdapter>;
}

// The tested versions: prunecheck's exact devDependencies (spec/subjects/policy/prunerLibraries.test.ts holds them equal).
const LANGCHAIN: PrunerLibrary = { name: 'langchain', version: '1.5.14' };
const LANGCHAIN_CORE: PrunerLibrary = { name: '@langchain/core', version: '1.4.0' };
const LANGGRAPH: PrunerLibrary = { name: '@langchain/langgraph', version: '1.7.3' };
const DEEPAGENTS: PrunerLibrary = { name: 'deepagents', version: '1.14.1' };
const AI: PrunerLibrary = { name: 'ai', version: '6.0.325' };
const LLAMAINDEX_CORE: PrunerLibrary = { name: '@llamaindex/core', version: '0.6.23' };
const BEEAI: PrunerLibrary = { name: 'beeai-framework', version: '0.1.30' };

function library(name: string, pkg: string, module: string, libraries: readonly PrunerLibrary[], load: () => Promise<PolicyAdapter>): PolicyAdapterEntry {
  return { name, package: pkg, ecosystem: true, libraries, module, load: () => loadWithLibraries(name, libraries, load) };
}

/**
 * Every built-in policy-mode adapter, by the name `prunecheck check --adapter <name>` accepts. The npm
 * pruners are imported lazily (the same modules their subpath exports `prunecheck/pruners/*` re-export): loading langchain and deepagents takes seconds,
 * and a user who does not check them need not install them.
 */
export const POLICY_ADAPTERS: readonly PolicyAdapterEntry[] = [
  library('langchain-summarization', 'langchain', 'prunecheck/pruners/langchain', [LANGCHAIN, LANGCHAIN_CORE, LANGGRAPH], async () => (await import('./langchainSummarization.ts')).langchainSummarizationAdapter),
  library('langchain-context-editing', 'langchain', 'prunecheck/pruners/langchain', [LANGCHAIN, LANGCHAIN_CORE], async () => (await import('./langchainContextEditing.ts')).langchainContextEditingAdapter),
  library('langchain-trim-messages', '@langchain/core', 'prunecheck/pruners/langchain-core', [LANGCHAIN_CORE], async () => (await import('./langchainTrimMessages.ts')).langchainTrimMessagesAdapter),
  library('deepagents-summarization', 'deepagents', 'prunecheck/pruners/deepagents', [DEEPAGENTS, LANGCHAIN, LANGCHAIN_CORE, LANGGRAPH], async () => (await import('./deepagentsSummarization.ts')).deepagentsSummarizationAdapter),
  library('ai-prune-messages', 'ai', 'prunecheck/pruners/ai', [AI], async () => (await import('./aiPruneMessages.ts')).aiPruneMessagesAdapter),
  library('llamaindex-memory', '@llamaindex/core', 'prunecheck/pruners/llamaindex', [LLAMAINDEX_CORE], async () => (await import('./llamaindexMemory.ts')).llamaindexMemoryAdapter),
  library('llamaindex-chat-summary', '@llamaindex/core', 'prunecheck/pruners/llamaindex', [LLAMAINDEX_CORE], async () => (await import('./llamaindexChatSummary.ts')).llamaindexChatSummaryAdapter),
  library('beeai-token-memory', 'beeai-framework', 'prunecheck/pruners/beeai', [BEEAI], async () => (await import('./beeaiTokenMemory.ts')).beeaiTokenMemoryAdapter),
  library('beeai-sliding-memory', 'beeai-framework', 'prunecheck/pruners/beeai', [BEEAI], async () => (await import('./beeaiSlidingMemory.ts')).beeaiSlidingMemoryAdapter),
  library('beeai-summarize-memory', 'beeai-framework', 'prunecheck/pruners/beeai', [BEEAI], async () => (await import('./beeaiSummarizeMemory.ts')).beeaiSummarizeMemoryAdapter),
  { name: 'archiving-window', package: 'prunecheck (in-repo)', ecosystem: false, libraries: [], load: async () => (await import('./archivingWindow.ts')).default },
  ...LEGAL_POLICY_PRUNERS.map((l) => ({ name: l.adapter.name, package: l.adapter.package, ecosystem: false, libraries: [], load: async () => l.adapter })),
  ...BROKEN_POLICY_PRUNERS.filter((b, i, all) => all.findIndex((x) => x.adapter.name === b.adapter.name) === i).map((b) => ({
    name: b.adapter.name,
    package: b.adapter.package,
    ecosystem: false,
    libraries: [],
    load: async () => b.adapter,
  })),
  ...BENCH_POLICY_PRUNERS.map((adapter) => ({ name: adapter.name, package: adapter.package, ecosystem: false, libraries: [], load: async () => adapter })),
];

export function findPolicyAdapter(name: string): PolicyAdapterEntry | undefined {
  return POLICY_ADAPTERS.find((entry) => entry.name === name);
}
