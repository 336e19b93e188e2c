/** An expectations file that cannot be read or used. CLI exit code 2; the message names the file and the field. */
export class ExpectationsError extends Error {
  override readonly name = 'ExpectationsError';
  readonly code: 'NOT_FOUND' | 'NOT_JSON' | 'BAD_FIELD';
  readonly file: string;

  constructor(code: ExpectationsError['code'], file: string, message: string, options?: { cause?: unknown }) {
    super(`${file}: ${message}`, options);
    this.code = code;
    this.file = file;
  }
}
