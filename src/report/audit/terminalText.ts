/**
 * A string from a session as a terminal may show it: control characters (escape sequences that could move
 * the cursor, recolour or retitle the terminal) become visible `\xNN` / `\uNNNN` text. Newlines stay.
 */
export function terminalText(value: string): string {
  return value.replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
