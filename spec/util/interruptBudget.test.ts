import { describe, expect, it } from 'vitest';
import { INTERRUPT_BUDGET_ENV, interruptBudgetArgs, recordInterruptBudget } from '../../src/util/interruptBudget.ts';

describe('the interrupt budget handed to an adapter process', () => {
  it('gives back the recorded budget as the node flag', () => {
    for (const budget of [1, 67_584, 1_081_344, 2 ** 31 - 1]) {
      const env: NodeJS.ProcessEnv = {};
      recordInterruptBudget(budget, env);
      expect(interruptBudgetArgs(env)).toEqual([`--interrupt-budget=${budget}`]);
    }
  });

  it("records V8's default as none, over a value the environment held", () => {
    const env: NodeJS.ProcessEnv = { [INTERRUPT_BUDGET_ENV]: '1081344' };
    recordInterruptBudget(undefined, env);
    expect(env).toEqual({});
    expect(interruptBudgetArgs(env)).toEqual([]);
  });

  it('gives none when nothing was recorded, or what the environment holds is no budget V8 takes', () => {
    expect(interruptBudgetArgs({})).toEqual([]);
    for (const raw of ['', '0', '-5', '1e6', '08', '1.5', ' 1000', '1000 --allow-natives-syntax', String(2 ** 31), '99999999999']) {
      expect(interruptBudgetArgs({ [INTERRUPT_BUDGET_ENV]: raw }), raw).toEqual([]);
    }
  });
});
