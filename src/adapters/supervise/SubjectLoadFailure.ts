/**
 * A supervised adapter module never finished loading: its process exited or crashed while loading (the verdict
 * is `error`), or the load hung past its timeout, or its top-level await can never settle (`unknown`). Not a
 * misuse of prunecheck: the check answers it as a verdict with a report (src/run/loadFailureReport.ts).
 */
export class SubjectLoadFailure extends Error {
  override readonly name = 'SubjectLoadFailure';
  readonly code = 'SUBJECT_DID_NOT_LOAD';
  readonly verdict: 'error' | 'unknown';
  /** The `--adapter` reference that was loaded. */
  readonly ref: string;

  constructor(ref: string, reason: string, verdict: 'error' | 'unknown') {
    super(`${ref} did not load: ${reason}`);
    this.ref = ref;
    this.verdict = verdict;
  }
}
