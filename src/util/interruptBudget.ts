/**
 * The V8 interrupt budget prunecheck's process runs with, handed to the processes it starts for an adapter module
 * (`src/adapters/supervise/SubjectProcess.ts`). `tuneJit` (src/cli/jitBudget.ts) sets it for a short check; the
 * adapter's process runs as many steps as the check, so it is compiled the same way. Carried in the environment,
 * not in a module's state: the CLI's bundle and the module that tuned V8 are different copies of any module, and
 * a `--workers` thread starts its supervised processes from a thread of its own.
 */
export const INTERRUPT_BUDGET_ENV = 'PRUNECHECK_INTERRUPT_BUDGET';

/** V8 takes the budget as a 32-bit integer. */
const MAX_BUDGET = 2 ** 31 - 1;

/**
 * Records `budget` as this process's, for the processes it starts from now on; undefined (V8's default) records that
 * none was set, so a value inherited from the environment does not reach them either.
 */
export function recordInterruptBudget(budget: number | undefined, env: NodeJS.ProcessEnv = process.env): void {
  if (budget === undefined) delete env[INTERRUPT_BUDGET_ENV];
  else env[INTERRUPT_BUDGET_ENV] = String(budget);
}

/**
 * The node flags that give a child process this process's interrupt budget: none when none was recorded, or when
 * what the environment holds is not a whole number V8 takes (it is then left to V8's default, not guessed).
 */
export function interruptBudgetArgs(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env[INTERRUPT_BUDGET_ENV];
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_BUDGET) return [];
  return [`--interrupt-budget=${raw}`];
}
