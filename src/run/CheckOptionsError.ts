/** `checkAdapter` was given an option its adapter's engine cannot honour. Names the option and what to use instead. */
export class CheckOptionsError extends Error {
  override readonly name = 'CheckOptionsError';
  readonly code = 'UNSUPPORTED_OPTION';
}
