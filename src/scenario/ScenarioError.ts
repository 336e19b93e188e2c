/** Stable codes for scenario problems. */
export type ScenarioErrorCode =
  | 'NOT_FOUND'
  | 'UNREADABLE'
  | 'SYNTAX'
  | 'MISSING_FIELD'
  | 'UNKNOWN_FIELD'
  | 'BAD_TYPE'
  | 'BAD_VALUE'
  | 'UNKNOWN_EVENT'
  | 'DUPLICATE_ID'
  | 'UNKNOWN_REF'
  | 'BAD_ORDER'
  | 'UNKNOWN_RUNTIME';

/**
 * A scenario file cannot be used. The message names the file, the JSON path of the field and its line, and
 * says what is expected, e.g. `scenarios/x.json:12: $.timeline[3].turn: expected an integer ≥ 1, got "ten"`.
 */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  readonly code: ScenarioErrorCode;
  readonly file: string;
  /** JSON path of the offending field (`$` for the whole document), when there is one. */
  readonly path: string | undefined;
  readonly line: number | undefined;

  constructor(code: ScenarioErrorCode, file: string, path: string | undefined, line: number | undefined, message: string) {
    const where = `${file}${line === undefined ? '' : `:${line}`}`;
    super(`${where}: ${path === undefined ? '' : `${path}: `}${message}`);
    this.code = code;
    this.file = file;
    this.path = path;
    this.line = line;
  }
}
