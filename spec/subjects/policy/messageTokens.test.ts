import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageSize } from '../../../src/adapters/policy/PolicyMessage.ts';
import { policyCaseArbitrary } from '../../../src/gen/policy/PolicyCase.ts';
import { buildConversation } from '../../../src/gen/policy/buildConversation.ts';
import { ECOSYSTEM_SEED } from '../../../src/cli/ecosystemCommand.ts';
import { CHARS_PER_TOKEN, MEDIAN_MESSAGE_CHARS, TOKENS_PER_MESSAGE, tokensForMessages } from '../../../src/subjects/policy/messageTokens.ts';

describe('message budgets in tokens (src/subjects/policy/messageTokens.ts)', () => {
  it('the typical message is the median generated message, measured again at the ecosystem seed', () => {
    const cases = fc.sample(policyCaseArbitrary(), { numRuns: 500, seed: ECOSYSTEM_SEED });
    const sizes = cases.flatMap((c) => buildConversation(c).rounds.flat().map(messageSize)).sort((a, b) => a - b);
    expect(sizes.length).toBeGreaterThan(1000);
    expect(sizes[Math.floor((sizes.length - 1) / 2)]).toBe(MEDIAN_MESSAGE_CHARS);
    // The mean is set by the few 50,000-character outputs: a budget from it would hold whole conversations.
    expect(sizes.reduce((a, b) => a + b, 0) / sizes.length).toBeGreaterThan(10 * MEDIAN_MESSAGE_CHARS);
  });

  it('N messages are N × ceil(median / 4) tokens', () => {
    expect(CHARS_PER_TOKEN).toBe(4);
    expect(TOKENS_PER_MESSAGE).toBe(Math.ceil(MEDIAN_MESSAGE_CHARS / 4));
    expect(tokensForMessages(3)).toBe(3 * TOKENS_PER_MESSAGE);
  });
});
