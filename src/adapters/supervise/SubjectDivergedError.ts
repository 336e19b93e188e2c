/**
 * A supervised system brought back to the engine's step on a fresh system (after a batch it ran ahead in was left,
 * or failed) answered a step it had taken otherwise than the first time: the adapter is nondeterministic on that
 * trace. The engine reports it as an adapter error at the step it was on.
 */
export class SubjectDivergedError extends Error {
  override readonly name = 'SubjectDivergedError';
  readonly code = 'SUBJECT_NONDETERMINISTIC';
}
