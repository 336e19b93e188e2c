import type { Adapter } from '../../adapters/Adapter.ts';

/**
 * How many times shrinking may start the adapter's process again. A supervised module whose failure ends its
 * process (an exit, a crash) costs a process start, a few hundred milliseconds, for every failing candidate, and
 * fast-check may try hundreds: a check that found its bug in seconds then shrank for many minutes, and looked
 * hung in CI. A count, not a time, so the same check shrinks to the same counterexample on any machine.
 */
export const SHRINK_RESTART_BUDGET = 40;

/** The process starts of a supervised adapter so far (`boundary.starts`); undefined for any other adapter. */
function startsOf(adapter: Adapter): number | undefined {
  const starts = (adapter as { readonly boundary?: { readonly starts?: unknown } }).boundary?.starts;
  return typeof starts === 'number' ? starts : undefined;
}

/**
 * The restarts one check's shrinking has spent: counted from its first failure; once `SHRINK_RESTART_BUDGET` is
 * spent, the candidates left count as passing without being run, so shrinking ends on the smallest failure found.
 */
export class RestartBudget {
  private from: number | undefined;
  /** Whether shrinking was stopped by the budget. */
  cut = false;

  constructor(
    private readonly adapter: Adapter,
    private readonly budget = SHRINK_RESTART_BUDGET,
  ) {}

  /** At the first failure: shrinking starts. */
  begin(): void {
    this.from ??= startsOf(this.adapter);
  }

  /** Whether the budget is spent (and a candidate must not run). */
  spent(): boolean {
    if (this.cut) return true;
    const now = startsOf(this.adapter);
    if (this.from === undefined || now === undefined || now - this.from < this.budget) return false;
    this.cut = true;
    return true;
  }

  /** What a report says when the budget stopped shrinking. */
  note(): string {
    return `shrinking stopped once the adapter's process had been started again ${this.budget} times (each failing candidate ended it): the counterexample is the smallest failing episode found by then`;
  }
}
