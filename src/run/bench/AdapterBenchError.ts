/** Stable codes for what stops `benchAdapter` before it measures anything. */
export type AdapterBenchErrorCode = 'BAD_SIZES' | 'BUILD_FAILED';

/**
 * Misuse of `benchAdapter` (`BAD_SIZES`: fewer than two sizes, or one out of range), or a subject whose prepared
 * history could not be built at all (`BUILD_FAILED`: its append or first step threw; the message names the
 * subject, the size and the operation). A path that answers otherwise than measured is data, not an error.
 */
export class AdapterBenchError extends Error {
  override readonly name = 'AdapterBenchError';
  readonly code: AdapterBenchErrorCode;

  constructor(code: AdapterBenchErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
