/** Quotes an argument for a POSIX shell when it needs it, so printed commands can be pasted as they are. */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A command line from its words. */
export function commandLine(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
