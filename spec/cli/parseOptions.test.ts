import { describe, expect, it } from 'vitest';
import { choiceFlag, integerFlag, parseOptions, positiveNumberFlag } from '../../src/cli/parseOptions.ts';
import { commandLine, shellQuote } from '../../src/util/shellQuote.ts';
import { UsageError } from '../../src/cli/UsageError.ts';

const OPTIONS = { runs: { type: 'string' }, json: { type: 'boolean' } } as const;

function usageError(run: () => unknown): UsageError {
  try {
    run();
  } catch (error: unknown) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('parseOptions', () => {
  it('parses known options and positionals', () => {
    expect(parseOptions('x', ['--runs', '5', 'file.json'], OPTIONS, { max: 1 })).toEqual({ values: { runs: '5' }, positionals: ['file.json'] });
  });

  it('names an unknown flag and lists the options', () => {
    const error = usageError(() => parseOptions('check', ['--rns', '5'], OPTIONS));
    expect(error.code).toBe('UNKNOWN_OPTION');
    expect(error.message).toBe("check: unknown option '--rns'; options: --runs, --json (see 'prunecheck check --help')");
  });

  it('names a flag that is missing its value', () => {
    const error = usageError(() => parseOptions('check', ['--runs'], OPTIONS));
    expect(error.code).toBe('BAD_OPTION_VALUE');
    expect(error.message).toContain("option '--runs <value>' argument missing");
  });

  it('refuses a flag given twice', () => {
    expect(usageError(() => parseOptions('check', ['--runs', '1', '--runs', '2'], OPTIONS)).message).toBe("check: --runs was given more than once; give it once (see 'prunecheck check --help')");
  });

  it('refuses surplus positionals', () => {
    expect(usageError(() => parseOptions('replay', ['a', 'b'], OPTIONS, { max: 1, what: 'one file' })).message).toBe("replay: unexpected argument 'b'; it takes one file (see 'prunecheck replay --help')");
    expect(usageError(() => parseOptions('list', ['a'], OPTIONS)).code).toBe('UNEXPECTED_ARGUMENT');
  });
});

describe('flag values', () => {
  it('integers within bounds', () => {
    expect(integerFlag('c', 'runs', '20', { min: 1, max: 100, example: '20' })).toBe(20);
    expect(integerFlag('c', 'runs', undefined, { min: 1, max: 100, example: '20' })).toBeUndefined();
    for (const bad of ['0', '101', '2.5', 'ten', '', '1e3']) {
      expect(usageError(() => integerFlag('c', 'runs', bad, { min: 1, max: 100, example: '20' })).message).toBe(`c: --runs must be an integer from 1 to 100, got '${bad}'; e.g. --runs 20`);
    }
  });

  it('positive numbers', () => {
    expect(positiveNumberFlag('c', 'time-limit', '1.5', '60')).toBe(1.5);
    for (const bad of ['0', '-1', 'x', 'Infinity']) expect(() => positiveNumberFlag('c', 'time-limit', bad, '60')).toThrow(/--time-limit must be a positive number/);
  });

  it('choices', () => {
    expect(choiceFlag('c', 'reporter', 'json', ['pretty', 'json'])).toBe('json');
    expect(() => choiceFlag('c', 'reporter', 'xml', ['pretty', 'json'])).toThrow("c: --reporter must be one of pretty, json, got 'xml'");
  });
});

describe('shellQuote', () => {
  it('leaves plain words alone and quotes the rest so a shell reads them back', () => {
    expect(shellQuote('reports/x-INV-01-42.json')).toBe('reports/x-INV-01-42.json');
    expect(shellQuote('cmd:node my runtime.js')).toBe("'cmd:node my runtime.js'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('')).toBe("''");
    expect(commandLine(['npx', 'prunecheck', 'check', '--adapter', 'a b'])).toBe("npx prunecheck check --adapter 'a b'");
  });
});
