// `prunecheck/pruners/ai`: the AI SDK's pruneMessages (needs ai).
export { aiPruneMessagesAdapter as aiPruneMessages } from '../adapters/policy/aiPruneMessages.ts';
