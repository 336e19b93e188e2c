/** A position in a source file: 0-based line and column, as Stryker's mutant locations count them. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** A range of source text, end exclusive. */
export interface SourceRange {
  readonly start: SourcePosition;
  readonly end: SourcePosition;
}

function compare(a: SourcePosition, b: SourcePosition): number {
  return a.line - b.line || a.column - b.column;
}

export function sameLocation(a: SourceRange, b: SourceRange): boolean {
  return compare(a.start, b.start) === 0 && compare(a.end, b.end) === 0;
}

/** Whether `outer` contains `inner` (or is it). */
export function contains(outer: SourceRange, inner: SourceRange): boolean {
  return compare(outer.start, inner.start) <= 0 && compare(inner.end, outer.end) <= 0;
}

/** The text a range covers in `source`. */
export function sliceRange(source: string, range: SourceRange): string {
  const lines = source.split('\n');
  const offset = (p: SourcePosition): number => lines.slice(0, p.line).reduce((sum, line) => sum + line.length + 1, 0) + p.column;
  return source.slice(offset(range.start), offset(range.end));
}
