/** Stable codes for what stops `benchAdapter` before it measures anything. */
export type AdapterBenchErrorCode = 'BAD_SIZES' | 'BAD_PATHS' | 'BUILD_FAILED';

/**
 * Misuse of `benchAdapter` (`BAD_SIZES`: fewer than two sizes, or one out of range; `BAD_PATHS`: a path id the adapter's mode has not), or a subject whose prepared
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
