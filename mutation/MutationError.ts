/** Why the mutation run cannot go on: a missing copy, a bad argument, a malformed triage file. */
export type MutationErrorCode = 'NO_COPY' | 'BAD_ARGUMENT' | 'BAD_TRIAGE' | 'STRYKER_FAILED';

/** Misuse or bad input of the mutation tooling, with a stable `code` and a message saying how to fix it. */
export class MutationError extends Error {
  override readonly name = 'MutationError';

  constructor(
    readonly code: MutationErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
