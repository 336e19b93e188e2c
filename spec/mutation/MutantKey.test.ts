import { describe, expect, it } from 'vitest';
import { declaredName, enclosingScope, mutantKey, normalizeCode, numberIdentical } from '../../mutation/MutantKey.ts';

const SOURCE = [
  "import { x } from './x.ts';",
  '',
  'export const LIMITS: readonly number[] = Object.freeze([1, 2]);',
  '',
  'export function runAppend(rt: Runtime, op: AppendOp): Outcome {',
  '  const input = op.span;',
  '  if (!rt.window.fits(tokens)) return rt.full(input.id, tokens);',
  '  for (const id of input.sources) {',
  "    if (id === input.id) throw new ModelError('DERIVATION_CYCLE', where, 'cycle');",
  '  }',
  '}',
  '',
  'export class Runtime {',
  '  readonly known = new Map<string, Span>();',
  '  protected prune(op: PruneOp): Evicted | Rejected {',
  "    if (span === undefined) return this.reject(op.spanId, 'not-resident');",
  '    return this.evict(span);',
  '  }',
  '}',
].join('\n');
const LINES = SOURCE.split('\n');

describe('normalizeCode', () => {
  it('collapses whitespace and keeps short code whole', () => {
    expect(normalizeCode('  a &&\n    b ')).toBe('a && b');
  });

  it('abbreviates long code to head … tail with a hash that tells two long texts apart', () => {
    const long = `${'x'.repeat(100)} middle ${'y'.repeat(100)}`;
    const other = `${'x'.repeat(100)} MIDDLE ${'y'.repeat(100)}`;
    expect(normalizeCode(long)).toMatch(/^x{70} … y{30} \(sha256 [0-9a-f]{10}\)$/);
    expect(normalizeCode(long)).not.toBe(normalizeCode(other));
    expect(normalizeCode(long, 500)).toBe(long);
  });
});

describe('declaredName', () => {
  it.each([
    ['export function runAppend(rt: Runtime): void {', 'runAppend'],
    ['export async function* walk(dir) {', 'walk'],
    ['export class Runtime extends Base {', 'Runtime'],
    ['const pick = (a: number): number => a;', 'pick'],
    ['  protected override prune(op: PruneOp): Evicted {', 'prune'],
    ['  gate(span, options) {', 'gate'],
    ['  get used(): number {', 'used'],
    ['export const LIMITS = [1];', 'LIMITS'],
  ])('%s declares %s', (line, name) => {
    expect(declaredName(line)).toBe(name);
  });

  it.each(['  if (a) {', '  for (const x of y) {', '  return rt.full(id);', '  this.window.mark(m);', "  throw new ModelError('X', w, 'm');", '  const local = 1;', '  } else {'])('%s declares nothing', (line) => {
    expect(declaredName(line)).toBeUndefined();
  });
});

describe('enclosingScope', () => {
  it('names the function around a line, through nested blocks', () => {
    expect(enclosingScope(LINES, 8)).toBe('runAppend');
    expect(enclosingScope(LINES, 6)).toBe('runAppend');
  });

  it('names a method, not its class, and the class for a field', () => {
    expect(enclosingScope(LINES, 15)).toBe('prune');
    expect(enclosingScope(LINES, 13)).toBe('Runtime');
  });

  it('names the line itself when it declares, and a top-level constant', () => {
    expect(enclosingScope(LINES, 4)).toBe('runAppend');
    expect(enclosingScope(LINES, 2)).toBe('LIMITS');
  });

  it('answers (module) outside any declaration', () => {
    expect(enclosingScope(LINES, 0)).toBe('(module)');
  });
});

describe('mutantKey', () => {
  it('keys a mutant by file, scope, mutator, the code it replaces, its replacement and its line', () => {
    const range = { start: { line: 6, column: 6 }, end: { line: 6, column: 29 } };
    expect(mutantKey('runAppend.ts', SOURCE, range, 'BooleanLiteral', 'rt.window.fits(tokens)')).toEqual({
      file: 'runAppend.ts',
      scope: 'runAppend',
      mutator: 'BooleanLiteral',
      original: '!rt.window.fits(tokens)',
      replacement: 'rt.window.fits(tokens)',
      context: 'if (!rt.window.fits(tokens)) return rt.full(input.id, tokens);',
    });
  });

  it('takes code over several lines, collapsed', () => {
    const range = { start: { line: 7, column: 34 }, end: { line: 9, column: 3 } };
    expect(mutantKey('runAppend.ts', SOURCE, range, 'BlockStatement', '{}').original).toBe("{ if (id === input.id) throw new ModelError('DERIVATION_CYCLE', where, 'cycle'); }");
  });

  it('does not change when lines are added above the mutant', () => {
    const range = { start: { line: 15, column: 8 }, end: { line: 15, column: 26 } };
    const shifted = SOURCE.replace('export class Runtime {', '// a comment\n\nexport class Runtime {');
    const shiftedRange = { start: { line: 17, column: 8 }, end: { line: 17, column: 26 } };
    expect(mutantKey('R.ts', shifted, shiftedRange, 'ConditionalExpression', 'true')).toEqual(mutantKey('R.ts', SOURCE, range, 'ConditionalExpression', 'true'));
  });
});

describe('numberIdentical', () => {
  it('numbers mutants that share every key field, in source order, and leaves the first unnumbered', () => {
    const key = { file: 'R.ts', scope: 'edit', mutator: 'ArithmeticOperator', original: 'tokens - span.tokens', replacement: 'tokens + span.tokens', context: 'if (!fits(tokens - span.tokens)) return full(tokens - span.tokens);' };
    const other = { ...key, mutator: 'BooleanLiteral' };
    expect(numberIdentical([key, other, key, key])).toEqual([key, other, { ...key, nth: 2 }, { ...key, nth: 3 }]);
  });
});
