import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { RestartBudget, SHRINK_RESTART_BUDGET } from '../../../src/run/runtime/RestartBudget.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';

// Shrinking a failure that ends a supervised adapter's process costs a process start per failing candidate; the
// budget is counted in starts from the first failure, so it ends on the same counterexample on any machine.
describe('RestartBudget', () => {
  it('is spent once the process has been started again `budget` times since the first failure, and stays spent', () => {
    const boundary = { starts: 3 };
    const budget = new RestartBudget({ ...referenceAdapter, boundary } as Adapter, 2);
    expect(budget.spent()).toBe(false); // no failure yet: nothing counted
    budget.begin();
    boundary.starts = 4;
    expect(budget.spent()).toBe(false);
    boundary.starts = 5;
    expect(budget.spent()).toBe(true);
    expect(budget.cut).toBe(true);
    expect(budget.note()).toContain('started again 2 times');
    budget.begin(); // a later failure does not start the count again
    expect(budget.spent()).toBe(true);
  });

  it('never stops an adapter that has no process of its own', () => {
    const budget = new RestartBudget(referenceAdapter);
    budget.begin();
    expect(budget.spent()).toBe(false);
    expect(SHRINK_RESTART_BUDGET).toBeGreaterThan(10);
  });
});
