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
}
