/**
 * The adapter's supervised process ended (it exited, crashed, or was stopped after a call outlived its timeout):
 * every call to it fails with this, saying why, and the engine reports it as an adapter error at that step.
 */
export class SubjectExitedError extends Error {
  override readonly name = 'SubjectExitedError';
  readonly code = 'SUBJECT_EXITED';
}
