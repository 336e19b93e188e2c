/**
 * How an adapter turns prunecheck's message budgets (`PolicyConfig.triggerMessages`, `keepMessages`) into the
 * token budget its library takes, until PolicyConfig carries token budgets of its own (issue 27). The rule: a
 * budget of N messages is N typical messages of the generated conversations, at 4 characters per token. The
 * typical message is the median `messageSize` (content plus tool-call JSON) over 500 generated cases at the
 * ecosystem seed: 105 characters (spec/subjects/policy/messageTokens.test.ts measures it again), so 27 tokens.
 * The library then counts with its own tokenizer, so a message it counts as cheaper or dearer than that (a
 * tool result it does not count, a 50,000-character log) moves its prune point, which is what a user's token
 * budget does too. The median, not the mean: the mean (about 1,500 characters) is set by the few 50,000-character
 * tool outputs, and would make every budget hold the whole conversation.
 */
export const MEDIAN_MESSAGE_CHARS = 105;
export const CHARS_PER_TOKEN = 4;
export const TOKENS_PER_MESSAGE = Math.ceil(MEDIAN_MESSAGE_CHARS / CHARS_PER_TOKEN);

/** The token budget that stands for `messages` typical messages. */
export function tokensForMessages(messages: number): number {
  return messages * TOKENS_PER_MESSAGE;
}

/** The rule in one sentence, for adapters' descriptions and notes. */
export const TOKEN_BUDGET_RULE = `message budgets are mapped to tokens at ${TOKENS_PER_MESSAGE} tokens per message (the median generated message, ${MEDIAN_MESSAGE_CHARS} characters, at ${CHARS_PER_TOKEN} characters per token; src/subjects/policy/messageTokens.ts)`;
