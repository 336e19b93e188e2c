import { hasControlCharacters } from './terminalText.ts';

/**
 * Quotes an argument for a POSIX shell when it needs it, so printed commands can be pasted as they are. An
 * argument holding control characters is written in ANSI-C quoting (`$'…\x1b…'`, bash, zsh, ksh and POSIX.1-2024
 * sh), so no raw escape sequence reaches the terminal and what is pasted is exactly the argument.
 */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  if (hasControlCharacters(arg)) return `$'${[...arg].map(ansiC).join('')}'`;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

function ansiC(char: string): string {
  if (char === '\\' || char === "'") return `\\${char}`;
  if (!hasControlCharacters(char)) return char;
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  if (char === '\t') return '\\t';
  // Its UTF-8 bytes, each as \xHH: exact whatever the shell's locale (\u needs a UTF-8 one).
  return [...Buffer.from(char, 'utf8')].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('');
}

/** A command line from its words. */
export function commandLine(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
