/** A command line the CLI cannot act on. Exit code 2; the message says what to type instead. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
