import { createHash } from 'node:crypto';
import { sliceRange, type SourceRange } from './SourceRange.ts';

/**
 * What identifies a mutant across edits of the model, without its line number: the file, the enclosing
 * function, the mutator, the code it replaces and its replacement (whitespace collapsed), and the text of the line
 * it starts on. A triage entry carries the same fields (mutation/triage.json).
 */
export interface MutantKey {
  /** The file's name in the model (`runAppend.ts`). */
  readonly file: string;
  /** The nearest enclosing function, method or class (`runAppend`, `ReferenceRuntime.prune`'s `prune`), or `(module)`. */
  readonly scope: string;
  readonly mutator: string;
  readonly original: string;
  readonly replacement: string;
  /** The line the mutant starts on, trimmed and whitespace collapsed. */
  readonly context: string;
  /**
   * Which of the mutants with all the fields above identical this is, in source order (1-based; absent means
   * 1): `a - b` twice on one line makes two such mutants.
   */
  readonly nth?: number;
}

/** Whitespace collapsed, and code longer than `max` abbreviated to its head and tail with a hash of the whole. */
export function normalizeCode(code: string, max = 120): string {
  const collapsed = code.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= max) return collapsed;
  const hash = createHash('sha256').update(collapsed, 'utf8').digest('hex').slice(0, 10);
  return `${collapsed.slice(0, 70)} … ${collapsed.slice(-30)} (sha256 ${hash})`;
}

const NOT_NAMES = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'throw', 'function', 'new', 'typeof', 'await', 'super', 'this', 'else', 'do', 'try', 'case', 'yield', 'void', 'delete', 'in', 'of']);

/**
 * The name a line declares (function, method, arrow-function constant, class; at the top level also any constant),
 * if it declares one.
 */
export function declaredName(line: string): string | undefined {
  const text = line.trim();
  if (indentation(line) === 0) {
    const constant = /^(?:export\s+)?(?:const|let)\s+([\w$]+)/.exec(text);
    if (constant !== null) return constant[1];
  }
  const fn = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([\w$]+)/.exec(text);
  if (fn !== null) return fn[1];
  const cls = /^(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([\w$]+)/.exec(text);
  if (cls !== null) return cls[1];
  const arrow = /^(?:export\s+)?(?:const|let)\s+([\w$]+)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*(?::[^=]+)?=>/.exec(text);
  if (arrow !== null) return arrow[1];
  const method = /^(?:(?:public|protected|private|static|override|readonly|async|get|set)\s+)*([\w$]+)\s*(?:<[^>]*>)?\(/.exec(text);
  if (method !== null && !NOT_NAMES.has(method[1] as string)) return method[1];
  return undefined;
}

function indentation(line: string): number {
  return line.length - line.trimStart().length;
}

/** The nearest declaration enclosing `lineIndex` (0-based): the line itself, or one above it indented less. */
export function enclosingScope(lines: readonly string[], lineIndex: number): string {
  const here = lines[lineIndex] ?? '';
  const own = declaredName(here);
  if (own !== undefined) return own;
  let depth = indentation(here);
  for (let i = lineIndex - 1; i >= 0 && depth > 0; i -= 1) {
    const line = lines[i] as string;
    if (line.trim() === '' || indentation(line) >= depth) continue;
    const name = declaredName(line);
    if (name !== undefined) return name;
    depth = indentation(line);
  }
  return '(module)';
}

/**
 * Numbers the keys that are otherwise identical (`nth`), in the order given (source order): the second
 * `tokens - span.tokens` of a line is `nth: 2`. The first keeps no `nth`.
 */
export function numberIdentical(keys: readonly MutantKey[]): MutantKey[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const { nth: _, ...rest } = key;
    const id = JSON.stringify([rest.file, rest.scope, rest.mutator, rest.original, rest.replacement, rest.context]);
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? rest : { ...rest, nth: n };
  });
}

/** The key of the mutant at `range` (0-based) in `source`. */
export function mutantKey(file: string, source: string, range: SourceRange, mutator: string, replacement: string): MutantKey {
  const lines = source.split('\n');
  return {
    file,
    scope: enclosingScope(lines, range.start.line),
    mutator,
    original: normalizeCode(sliceRange(source, range)),
    replacement: normalizeCode(replacement),
    context: normalizeCode(lines[range.start.line] ?? '', 200),
  };
}
