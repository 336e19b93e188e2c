/**
 * Escapes text for Markdown prose and table cells: HTML-significant characters become entities (a because
 * line such as `answered <absent>` would otherwise vanish as a tag), pipes cannot end a cell, line breaks
 * stay inside it.
 */
export function mdCell(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, '<br>');
}

/** A Markdown table; every cell is escaped with `mdCell`. */
export function mdTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(mdCell).join(' | ')} |`;
  return [line(header), `| ${header.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** A fenced code block whose fence is longer than any backtick run inside it. */
export function mdCode(value: string, language = ''): string {
  const longest = Math.max(2, ...[...value.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${value}\n${fence}`;
}

/** Formats a count with thousands separators, independent of the machine's locale. */
export function formatCount(value: number): string {
  return Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
