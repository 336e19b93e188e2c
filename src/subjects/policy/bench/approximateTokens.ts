import { messageText, type PolicyMessage } from '../../../adapters/policy/PolicyMessage.ts';

/**
 * Tokens of a message as a word-piece tokenizer counts them, approximately: one per run of letters or digits
 * (a long run one per 4 characters), one per other non-space character. It reads every character, as a real
 * tokenizer does, so its cost is the text's length.
 */
export function approximateTokens(message: PolicyMessage): number {
  const text = messageText(message);
  let tokens = 0;
  let run = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (word) {
      run += 1;
      continue;
    }
    if (run > 0) tokens += Math.ceil(run / 4);
    run = 0;
    if (c !== 32 && c !== 10 && c !== 9) tokens += 1;
  }
  return tokens + Math.ceil(run / 4);
}
