/** Stable codes for what stops a benchmark run. */
export type BenchErrorCode = 'BAD_ARGUMENT' | 'WRONG_PATH' | 'BUILD_FAILED' | 'NO_MINIMAL_TRACE';

/**
 * Thrown for a command line the runner cannot act on (`BAD_ARGUMENT`), for a measured operation whose outcome
 * is not the path the task claims to measure (`WRONG_PATH`: the figure would be a lie), and for a window that
 * could not be built (`BUILD_FAILED`), and for a zoo member with no minimal trace to measure its shrinking against
 * (`NO_MINIMAL_TRACE`, `npm run detection`).
 */
export class BenchError extends Error {
  override readonly name = 'BenchError';
  readonly code: BenchErrorCode;

  constructor(code: BenchErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
