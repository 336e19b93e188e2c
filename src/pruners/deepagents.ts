// `prunecheck/pruners/deepagents`: deepagents' summarization middleware (needs deepagents, langchain, @langchain/core and
// @langchain/langgraph).
export { deepagentsSummarizationAdapter as deepagentsSummarization } from '../subjects/policy/deepagentsSummarization.ts';
