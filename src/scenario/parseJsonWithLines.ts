/** A JSON syntax error with its 1-based position. */
export class JsonSyntaxIssue extends Error {
  readonly line: number;
  readonly column: number;

  constructor(message: string, line: number, column: number) {
    super(message);
    this.line = line;
    this.column = column;
  }
}

export interface LocatedJson {
  readonly value: unknown;
  /** The line of the key (or array element) at a JSON path such as `$.timeline[3].turn`. */
  readonly lines: ReadonlyMap<string, number>;
}

/** Deepest nesting accepted: a scenario needs 5 levels; 200,000 would overflow the parser's stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * A strict JSON parser (RFC 8259) that remembers the line of every member and element, so a scenario error
 * can name the line of the offending field. `JSON.parse` gives neither paths nor, on Node 20, lines.
 * Duplicate keys are a syntax error: a scenario with two `turn`s is ambiguous. Nesting deeper than
 * `MAX_JSON_DEPTH` is refused as a syntax error, never a stack overflow.
 */
export function parseJsonWithLines(text: string): LocatedJson {
  const lines = new Map<string, number>();
  let pos = 0;
  let line = 1;
  let lineStart = 0;

  const fail = (message: string): never => {
    throw new JsonSyntaxIssue(message, line, pos - lineStart + 1);
  };
  const skip = (): void => {
    while (pos < text.length) {
      const c = text[pos];
      if (c === '\n') {
        line += 1;
        lineStart = pos + 1;
      } else if (c !== ' ' && c !== '\t' && c !== '\r') return;
      pos += 1;
    }
  };
  const describe = (): string => (pos >= text.length ? 'end of input' : JSON.stringify(text[pos]));

  const parseString = (): string => {
    const match = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(pos));
    if (match === null) fail('invalid string (unterminated, a raw control character or a bad escape)');
    const raw = (match as RegExpExecArray)[0];
    pos += raw.length;
    return JSON.parse(raw) as string;
  };

  const parseValue = (path: string, depth: number): unknown => {
    skip();
    lines.set(path, line);
    const c = text[pos];
    if ((c === '{' || c === '[') && depth >= MAX_JSON_DEPTH) fail(`nesting deeper than ${MAX_JSON_DEPTH} levels; a scenario needs far fewer`);
    if (c === '{') return parseObject(path, depth + 1);
    if (c === '[') return parseArray(path, depth + 1);
    if (c === '"') return parseString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(pos));
    if (literal === null) return fail(`unexpected ${describe()}; expected a JSON value`);
    pos += literal[0].length;
    return JSON.parse(literal[0]) as unknown;
  };

  const parseObject = (path: string, depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    pos += 1;
    skip();
    if (text[pos] === '}') {
      pos += 1;
      return out;
    }
    for (;;) {
      skip();
      if (text[pos] !== '"') fail(`unexpected ${describe()}; expected a "key"`);
      const keyLine = line;
      const key = parseString();
      if (Object.hasOwn(out, key)) fail(`duplicate key "${key}"`);
      skip();
      if (text[pos] !== ':') fail(`unexpected ${describe()}; expected ':' after "${key}"`);
      pos += 1;
      const childPath = `${path}.${key}`;
      // defineProperty, so a "__proto__" key is an own field (and then an unknown one), not a prototype.
      Object.defineProperty(out, key, { value: parseValue(childPath, depth), enumerable: true, writable: true, configurable: true });
      lines.set(childPath, keyLine);
      skip();
      if (text[pos] === ',') {
        pos += 1;
        continue;
      }
      if (text[pos] === '}') {
        pos += 1;
        return out;
      }
      fail(`unexpected ${describe()}; expected ',' or '}'`);
    }
  };

  const parseArray = (path: string, depth: number): unknown[] => {
    const out: unknown[] = [];
    pos += 1;
    skip();
    if (text[pos] === ']') {
      pos += 1;
      return out;
    }
    for (;;) {
      out.push(parseValue(`${path}[${out.length}]`, depth));
      skip();
      if (text[pos] === ',') {
        pos += 1;
        continue;
      }
      if (text[pos] === ']') {
        pos += 1;
        return out;
      }
      fail(`unexpected ${describe()}; expected ',' or ']'`);
    }
  };

  const value = parseValue('$', 0);
  skip();
  if (pos < text.length) fail(`unexpected ${describe()} after the end of the JSON value`);
  return { value, lines };
}
