/** A counterexample file that cannot be replayed as it is: missing, not JSON, or a field is wrong. Exit 2. */
export class CounterexampleFileError extends Error {
  override readonly name = 'CounterexampleFileError';
  readonly code: 'NOT_FOUND' | 'NOT_JSON' | 'BAD_FIELD';
  readonly file: string;

  constructor(code: CounterexampleFileError['code'], file: string, message: string, options?: { cause?: unknown }) {
    super(`${file}: ${message}`, options);
    this.code = code;
    this.file = file;
  }
}
