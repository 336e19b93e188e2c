import { parseArgs } from 'node:util';
import { UsageError } from './UsageError.ts';

type OptionSpec = Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>;
/** Named so the compiled declarations can spell the return type (node:util does not export its option types). */
type Parsed<T extends OptionSpec> = ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: boolean; tokens: true }>>;

/**
 * `node:util` parseArgs, strict, with its errors turned into UsageErrors that name the flag, list the options
 * the command takes and point at its help. A flag given twice is refused rather than silently last-wins.
 */
export function parseOptions<T extends OptionSpec>(command: string, argv: readonly string[], options: T, positionals: { readonly max: number; readonly what?: string } = { max: 0 }): { values: Parsed<T>['values']; positionals: string[] } {
  const known = Object.keys(options).map((name) => `--${name}`).join(', ');
  const help = `see 'prunecheck ${command} --help'`;
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: positionals.max > 0, tokens: true });
  } catch (error: unknown) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError('UNKNOWN_OPTION', `${command}: ${message.replace(/^Unknown/, 'unknown').split('. ')[0]}; options: ${known} (${help})`, { cause: error });
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError('BAD_OPTION_VALUE', `${command}: ${message.replace(/^Option/, 'option')} (${help})`, { cause: error });
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError('UNEXPECTED_ARGUMENT', `${command}: ${(message.split('. ')[0] ?? message).replace(/^Unexpected/, 'unexpected')}; this command takes no positional arguments, only ${known} (${help})`, { cause: error });
    throw error;
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw new UsageError('REPEATED_OPTION', `${command}: --${token.name} was given more than once; give it once (${help})`);
    seen.add(token.name);
  }
  if (parsed.positionals.length > positionals.max) {
    const extra = parsed.positionals.slice(positionals.max).map((p) => `'${p}'`).join(', ');
    throw new UsageError('UNEXPECTED_ARGUMENT', `${command}: unexpected argument ${extra}; it takes ${positionals.what ?? 'no positional arguments'} (${help})`);
  }
  return { values: parsed.values, positionals: parsed.positionals };
}

/** An integer flag within bounds; the error names the flag, what it got and an example. */
export function integerFlag(command: string, flag: string, raw: string | undefined, bounds: { readonly min: number; readonly max: number; readonly example: string }): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < bounds.min || value > bounds.max) {
    throw new UsageError('BAD_OPTION_VALUE', `${command}: --${flag} must be an integer from ${bounds.min} to ${bounds.max}, got '${raw}'; e.g. --${flag} ${bounds.example}`);
  }
  return value;
}

/** A positive number flag (fractions allowed), such as a time limit in seconds. */
export function positiveNumberFlag(command: string, flag: string, raw: string | undefined, example: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new UsageError('BAD_OPTION_VALUE', `${command}: --${flag} must be a positive number, got '${raw}'; e.g. --${flag} ${example}`);
  }
  return value;
}

/** One of a fixed set of words. */
export function choiceFlag<C extends string>(command: string, flag: string, raw: string | undefined, choices: readonly C[]): C | undefined {
  if (raw === undefined) return undefined;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new UsageError('BAD_OPTION_VALUE', `${command}: --${flag} must be one of ${choices.join(', ')}, got '${raw}'`);
  }
  return raw as C;
}
