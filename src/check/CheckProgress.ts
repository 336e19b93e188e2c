/** Progress of a running check, reported after each run. */
export interface CheckProgress {
  readonly adapter: string;
  readonly runsDone: number;
  readonly runsTotal: number;
  readonly opsChecked: number;
  readonly elapsedMs: number;
  readonly violations: number;
  /** What `runsDone` counts, when not runs (a scenario counts its turns or steps). */
  readonly unit?: string;
  /**
   * Set once a run has failed and the check is making its counterexample smaller: the finding, the candidate
   * episodes tried so far (each a run of the adapter, a process start each when the failure ends its process), and
   * the steps of the smallest failing one. A check can spend most of its time here.
   */
  readonly shrinking?: { readonly finding: string; readonly tried: number; readonly steps: number };
}
