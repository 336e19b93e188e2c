/**
 * prunecheck itself failed: a bug in the harness, not in the system under test and not in the user's input.
 * The command line exits 3 with this message and asks for a report.
 */
export class InternalError extends Error {
  override readonly name = 'InternalError';
  readonly code = 'INTERNAL';
}
