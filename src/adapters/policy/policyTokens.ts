import { messageSize, type PolicyMessage } from './PolicyMessage.ts';

/** Characters per token of prunecheck's documented proxy: about 4 for English text and JSON (OpenAI's rule of thumb). */
export const CHARS_PER_TOKEN = 4;

/**
 * The character proxy for tokens (docs/policy-mode.md "Budgets in tokens"): a message's characters (content,
 * tool-call JSON, reasoning) divided by 4, rounded up. Use it only when the library has no tokenizer of its own:
 * an adapter hands `triggerTokens` and `keepTokens` to the library, which counts with whatever it counts with.
 */
export function proxyTokens(messages: readonly PolicyMessage[]): number {
  return messages.reduce((n, m) => n + Math.ceil(messageSize(m) / CHARS_PER_TOKEN), 0);
}
