/** Stable codes for misuse of the reference model. Runtime conditions are outcomes, not errors. */
export type ModelErrorCode =
  | 'DUPLICATE_ID'
  | 'UNKNOWN_ID'
  | 'BAD_CONTENT'
  | 'BAD_SCORE'
  | 'BAD_TOKENS'
  | 'DERIVATION_CYCLE'
  | 'BAD_FRAME'
  | 'BAD_OPERATION'
  | 'BAD_CONFIG';

/**
 * Thrown for malformed input to the reference model: the operation is named, the message says how to fix it,
 * and the model's state is unchanged (every operation validates before it mutates).
 */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  readonly code: ModelErrorCode;
  readonly operation: string;

  constructor(code: ModelErrorCode, operation: string, message: string, options?: { cause?: unknown }) {
    super(`${operation}: ${message}`, options);
    this.code = code;
    this.operation = operation;
  }
}
