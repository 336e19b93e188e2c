import { ScenarioError, type ScenarioErrorCode } from './ScenarioError.ts';

type Obj = Readonly<Record<string, unknown>>;

/** Longest string field a scenario may hold (content, claims, signatures): 64 KiB. */
export const MAX_STRING_LENGTH = 64 * 1024;

/** Reads typed fields out of parsed JSON, failing with a `ScenarioError` that names file, path and line. */
export class FieldReader {
  readonly file: string;
  private readonly lines: ReadonlyMap<string, number>;

  constructor(file: string, lines: ReadonlyMap<string, number>) {
    this.file = file;
    this.lines = lines;
  }

  /** The line of `path`, or of its nearest ancestor that has one (a missing key points at its object). */
  lineOf(path: string): number | undefined {
    for (let p = path; p !== ''; p = p.replace(/(\.[^.[\]]*|\[\d+\])$/, '')) {
      const line = this.lines.get(p);
      if (line !== undefined) return line;
      if (p === '$') break;
    }
    return undefined;
  }

  fail(code: ScenarioErrorCode, path: string, message: string): never {
    throw new ScenarioError(code, this.file, path, this.lineOf(path), message);
  }

  expected(path: string, what: string, got: unknown): never {
    return this.fail('BAD_TYPE', path, `expected ${what}, got ${show(got)}`);
  }

  object(path: string, value: unknown, required: readonly string[], optional: readonly string[] = []): Obj {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return this.expected(path, 'an object', value);
    const obj = value as Obj;
    for (const key of required) {
      if (!Object.hasOwn(obj, key)) this.fail('MISSING_FIELD', `${path}.${key}`, `missing required field "${key}"`);
    }
    for (const key of Object.keys(obj)) {
      if (!required.includes(key) && !optional.includes(key)) {
        this.fail('UNKNOWN_FIELD', `${path}.${key}`, `unknown field "${key}"; expected only ${[...required, ...optional].map((k) => `"${k}"`).join(', ')}`);
      }
    }
    return obj;
  }

  string(obj: Obj, path: string, key: string, pattern?: RegExp, what = 'a non-empty string', maxLength = MAX_STRING_LENGTH): string {
    const value = obj[key];
    if (typeof value !== 'string' || value === '' || (pattern !== undefined && !pattern.test(value))) return this.expected(`${path}.${key}`, what, value);
    if (value.length > maxLength) return this.fail('BAD_VALUE', `${path}.${key}`, `expected at most ${maxLength} characters, got ${value.length}`);
    return value;
  }

  number(obj: Obj, path: string, key: string, min: number, max = Number.POSITIVE_INFINITY, integer = false): number {
    const value = obj[key];
    const ok = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value));
    if (!ok) {
      const range = max >= Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `in [${min}, ${max}]`;
      return this.expected(`${path}.${key}`, `${integer ? 'an integer' : 'a number'} ${range}`, value);
    }
    return value;
  }

  boolean(obj: Obj, path: string, key: string): boolean {
    const value = obj[key];
    if (typeof value !== 'boolean') return this.expected(`${path}.${key}`, 'true or false', value);
    return value;
  }

  oneOf<T extends string>(obj: Obj, path: string, key: string, allowed: readonly T[]): T {
    const value = obj[key];
    if (typeof value !== 'string' || !allowed.includes(value as T)) {
      return this.fail('BAD_VALUE', `${path}.${key}`, `expected one of ${allowed.map((a) => `"${a}"`).join(', ')}, got ${show(value)}`);
    }
    return value as T;
  }

  array(obj: Obj, path: string, key: string, minLength = 0): readonly unknown[] {
    const value = obj[key];
    if (!Array.isArray(value) || value.length < minLength) {
      return this.expected(`${path}.${key}`, minLength > 0 ? `an array of at least ${minLength} item${minLength > 1 ? 's' : ''}` : 'an array', value);
    }
    return value as readonly unknown[];
  }

  strings(obj: Obj, path: string, key: string, minLength = 0): string[] {
    return this.array(obj, path, key, minLength).map((item, i) => {
      if (typeof item !== 'string' || item === '') return this.expected(`${path}.${key}[${i}]`, 'a non-empty string', item);
      return item;
    });
  }
}

export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' && !Number.isFinite(value)) return `${value} (a number too large to represent)`;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
