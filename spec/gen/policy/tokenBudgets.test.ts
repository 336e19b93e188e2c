import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proxyTokens } from '../../../src/adapters/policy/policyTokens.ts';
import { buildConversation } from '../../../src/gen/policy/buildConversation.ts';
import { policyCaseArbitrary, policyConfigArbitrary } from '../../../src/gen/policy/PolicyCase.ts';
import { TOKEN_BUDGET_RANGE } from '../../../src/gen/policy/tokenBudgets.ts';

describe('PolicyConfig token budgets (issue 27)', () => {
  it('every generated config carries token budgets within their range, the trigger at least three times the keep', () => {
    fc.assert(
      fc.property(policyConfigArbitrary, (c) => {
        expect(c.keepTokens).toBeGreaterThanOrEqual(TOKEN_BUDGET_RANGE.keep.min);
        expect(c.keepTokens).toBeLessThanOrEqual(TOKEN_BUDGET_RANGE.keep.max);
        expect(c.triggerTokens).toBeLessThanOrEqual(TOKEN_BUDGET_RANGE.trigger.max);
        expect(c.triggerTokens).toBeGreaterThanOrEqual(Math.max(TOKEN_BUDGET_RANGE.trigger.min, 3 * (c.keepTokens ?? 0)));
        // The message budgets a message-counting library reads are still there.
        expect(c.triggerMessages).toBeGreaterThanOrEqual(c.keepMessages + 2);
      }),
      { seed: 1, numRuns: 300 },
    );
  });

  it('spans the range: some configs compact a median conversation on the first round, some never do', () => {
    const cases = fc.sample(policyCaseArbitrary(), { seed: 2, numRuns: 300 });
    let compacts = 0;
    let never = 0;
    for (const c of cases) {
      const tokens = proxyTokens(buildConversation(c).rounds.flat());
      if (tokens >= (c.config.triggerTokens ?? Infinity)) compacts += 1;
      else never += 1;
    }
    expect(compacts).toBeGreaterThan(30);
    expect(never).toBeGreaterThan(30);
    const triggers = cases.map((c) => c.config.triggerTokens ?? 0);
    expect(Math.min(...triggers)).toBeLessThan(200);
    expect(Math.max(...triggers)).toBeGreaterThan(1_000);
  });

  it('leaves the message budgets of every seed as they were before the token budgets (drawn after them)', () => {
    const before = fc.integer({ min: 1, max: 4 }).chain((keepMessages) => fc.integer({ min: keepMessages + 2, max: 8 }).map((triggerMessages) => ({ triggerMessages, keepMessages })));
    const now = fc.sample(policyConfigArbitrary, { seed: 7, numRuns: 50 }).map((c) => ({ triggerMessages: c.triggerMessages, keepMessages: c.keepMessages }));
    expect(now).toEqual(fc.sample(before, { seed: 7, numRuns: 50 }));
  });

  it('the character proxy is characters / 4, rounded up per message', () => {
    expect(proxyTokens([{ role: 'user', content: 'x'.repeat(9) }, { role: 'assistant', content: 'abcd' }])).toBe(4);
  });
});
