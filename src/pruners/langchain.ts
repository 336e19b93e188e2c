// `prunecheck/pruners/langchain`: policy adapters for langchain's own middleware. Importing this module imports
// langchain, @langchain/core and @langchain/langgraph, optional peer dependencies of prunecheck.
export { langchainSummarizationAdapter as langchainSummarization } from '../subjects/policy/langchainSummarization.ts';
export { langchainContextEditingAdapter as langchainContextEditing } from '../subjects/policy/langchainContextEditing.ts';
