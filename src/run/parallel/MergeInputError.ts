/** A shard report `prunecheck merge` cannot use, or a set of them that is not one whole check. Names the file and the field. */
export class MergeInputError extends Error {
  override readonly name = 'MergeInputError';
  readonly code: 'NOT_A_REPORT' | 'NOT_A_SHARD' | 'MISMATCH' | 'OVERLAP' | 'MISSING_SHARD';

  constructor(code: MergeInputError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
