/** Thrown for a file that is not a policy counterexample; names the file and the field. */
export class PolicyCounterexampleError extends Error {
  override readonly name = 'PolicyCounterexampleError';
  readonly code = 'BAD_POLICY_COUNTEREXAMPLE';
}
