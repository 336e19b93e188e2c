/** Stable codes of {@link SessionFormatError}. */
export type SessionFormatErrorCode = 'MALFORMED_LINE' | 'BAD_FIELD' | 'UNREADABLE' | 'UNKNOWN_FORMAT' | 'BAD_DATABASE';

/**
 * A recorded session that cannot be read: a line that is not JSON (other than a torn last line), a field of
 * the wrong type. The message names the file, the line and the field, and how to fix or skip it. Exit 2.
 */
export class SessionFormatError extends Error {
  override readonly name = 'SessionFormatError';
  readonly code: SessionFormatErrorCode;
  readonly file: string;
  readonly line: number | undefined;
  constructor(code: SessionFormatErrorCode, file: string, line: number | undefined, message: string, options?: { cause?: unknown }) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${message}`, options);
    this.code = code;
    this.file = file;
    this.line = line;
  }
}

/** The field check readers share: `record[field]` must be a string, else the error names the field. */
export function stringField(record: Record<string, unknown>, field: string, file: string, line: number, what: string): string {
  const value = record[field];
  if (typeof value !== 'string') {
    throw new SessionFormatError('BAD_FIELD', file, line, `${what}: field '${field}' must be a string, got ${value === undefined ? 'nothing' : typeof value}; the record is not one this reader knows how to read (repair the line or pass --format)`);
  }
  return value;
}

/** `value` as a plain JSON object, else the error names the field. */
export function objectField(value: unknown, field: string, file: string, line: number, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SessionFormatError('BAD_FIELD', file, line, `${what}: field '${field}' must be an object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  }
  return value as Record<string, unknown>;
}
