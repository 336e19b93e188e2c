import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INTERRUPT_BUDGET, interruptBudgetFor, SHORT_CHECK_INTERRUPT_BUDGET } from '../../src/cli/jitBudget.ts';

describe('interruptBudgetFor', () => {
  it('raises the budget for a short check: the default 300 runs, or --runs up to 1,000', () => {
    for (const argv of [['check', '--adapter', 'reference'], ['check', '--adapter', 'x', '--runs', '1000'], ['check', '--runs=50', '--adapter', 'x'], ['check', '--runs', '20000', '--runs', '200']]) {
      expect(interruptBudgetFor(argv), argv.join(' ')).toBe(SHORT_CHECK_INTERRUPT_BUDGET);
    }
  });

  it("keeps V8's default for longer checks, --long, other commands and a --runs the command will reject", () => {
    for (const argv of [['check', '--adapter', 'x', '--runs', '1001'], ['check', '--runs=10000'], ['check', '--long'], ['check', '--runs', 'many'], ['conformance'], ['replay', 'file.json'], []]) {
      expect(interruptBudgetFor(argv), argv.join(' ')).toBeUndefined();
    }
  });

  // The multiple is the one measured (docs/benchmarks.md, 2026-12-06): 16× took the least CPU for 300 and 1,000 runs.
  it("is sixteen times V8's default, and that default is the running V8's", () => {
    expect(SHORT_CHECK_INTERRUPT_BUDGET).toBe(16 * DEFAULT_INTERRUPT_BUDGET);
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    expect(/default: --interrupt-budget=(\d+)/.exec(options)?.[1]).toBe(String(DEFAULT_INTERRUPT_BUDGET));
  });
});
