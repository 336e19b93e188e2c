import type { PolicyAdapter } from './PolicyAdapter.ts';
import { BROKEN_POLICY_PRUNERS } from './broken/index.ts';

/** A built-in policy adapter by name. `load` imports the library only when the adapter is used. */
export interface PolicyAdapterEntry {
  readonly name: string;
  readonly package: string;
  /** Part of `npm run ecosystem` (a real npm package), as opposed to prunecheck's own pruners. */
  readonly ecosystem: boolean;
  load(): Promise<PolicyAdapter>;
}

/**
 * Every built-in policy-mode adapter, by the name `prunecheck check --adapter <name>` accepts. The npm
 * pruners are imported lazily: loading langchain and deepagents takes seconds.
 */
export const POLICY_ADAPTERS: readonly PolicyAdapterEntry[] = [
  { name: 'langchain-summarization', package: 'langchain', ecosystem: true, load: async () => (await import('./langchainSummarization.ts')).default },
  { name: 'langchain-context-editing', package: 'langchain', ecosystem: true, load: async () => (await import('./langchainContextEditing.ts')).default },
  { name: 'langchain-trim-messages', package: '@langchain/core', ecosystem: true, load: async () => (await import('./langchainTrimMessages.ts')).default },
  { name: 'deepagents-summarization', package: 'deepagents', ecosystem: true, load: async () => (await import('./deepagentsSummarization.ts')).default },
  { name: 'ai-prune-messages', package: 'ai', ecosystem: true, load: async () => (await import('./aiPruneMessages.ts')).default },
  { name: 'llamaindex-memory', package: '@llamaindex/core', ecosystem: true, load: async () => (await import('./llamaindexMemory.ts')).default },
  { name: 'archiving-window', package: 'prunecheck (in-repo)', ecosystem: false, load: async () => (await import('./archivingWindow.ts')).default },
  ...BROKEN_POLICY_PRUNERS.filter((b, i, all) => all.findIndex((x) => x.adapter.name === b.adapter.name) === i).map((b) => ({
    name: b.adapter.name,
    package: b.adapter.package,
    ecosystem: false,
    load: async () => b.adapter,
  })),
];

export function findPolicyAdapter(name: string): PolicyAdapterEntry | undefined {
  return POLICY_ADAPTERS.find((entry) => entry.name === name);
}
