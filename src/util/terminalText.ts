/**
 * Characters a terminal acts on instead of showing: C0 controls (ESC starts an escape sequence, CR returns to
 * the line's start, BS steps back), DEL, C1 controls (CSI among them), and the Unicode format characters that
 * reorder or hide text (bidirectional marks, overrides and isolates, the zero-width space, the line and
 * paragraph separators; not the zero-width joiners, which emoji and many scripts need). A string from a file, an adapter or a child that holds one could redraw what the user reads.
 */
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u200B\u200E\u200F\u2028-\u202E\u2066-\u2069\uFEFF]/g;

/** Whether `text` holds a character a terminal would act on rather than show (see `terminalText`). */
export function hasControlCharacters(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}

function escapeOne(char: string, keepNewlines: boolean): string {
  if (char === '\n' && keepNewlines) return char;
  if (char === '\t' && keepNewlines) return char;
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  if (char === '\t') return '\\t';
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text that came from outside (a file, an adapter, a child) as a terminal may show it: every character a
 * terminal would act on is written as its escape (`\x1b`, `\r`, `\u202e`), so what is printed is what is
 * there. Line breaks and tabs stay when `keepNewlines` (multi-line messages); otherwise they are escaped too,
 * so a name or a path is one visible line. A backslash stays as it is: the escapes are for reading, not parsing.
 */
export function terminalText(text: string, options: { readonly keepNewlines?: boolean } = {}): string {
  const keep = options.keepNewlines === true;
  return text.replace(UNSAFE, (char) => escapeOne(char, keep));
}
