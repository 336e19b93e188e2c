// `prunecheck/pruners/langchain-core`: @langchain/core's trimMessages (needs only @langchain/core).
export { langchainTrimMessagesAdapter as langchainTrimMessages } from '../subjects/policy/langchainTrimMessages.ts';
