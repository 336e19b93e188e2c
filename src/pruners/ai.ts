// `prunecheck/pruners/ai`: the AI SDK's pruneMessages (needs ai).
export { aiPruneMessagesAdapter as aiPruneMessages } from '../subjects/policy/aiPruneMessages.ts';
