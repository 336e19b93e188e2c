import { terminalText } from './terminalText.ts';

/**
 * Escapes text for Markdown prose and table cells: HTML-significant characters become entities (a because
 * line such as `answered <absent>` would otherwise vanish as a tag), pipes cannot end a cell, line breaks
 * stay inside it. Control characters are written as escapes (`terminalText`): a report is read in terminals too.
 */
export function mdCell(value: string): string {
  return terminalText(value.replace(/\r\n/g, '\n'), { keepNewlines: true })
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

/** A fenced code block whose fence is longer than any backtick run inside it; control characters escaped. */
export function mdCode(value: string, language = ''): string {
  const longest = Math.max(2, ...[...value.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${terminalText(value, { keepNewlines: true })}\n${fence}`;
}

/** Formats a count with thousands separators, independent of the machine's locale. */
export function formatCount(value: number): string {
  return Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Inline code (a path, a command): a backtick run inside it cannot end it; control characters escaped. */
export function mdInlineCode(value: string): string {
  const text = terminalText(value);
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}
