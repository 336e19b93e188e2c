/** Control characters (C0, DEL, C1; ESC among them) that could move a terminal's cursor or recolour it. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** An outside string (an adapter's name, a pruner's error) made safe to print: controls become U+FFFD, one line. */
export function terminalText(value: string): string {
  return value.replace(CONTROL, '\uFFFD').replace(/\r?\n/g, ' ');
}
