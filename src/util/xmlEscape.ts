import { terminalText } from './terminalText.ts';

/**
 * Characters XML 1.0 cannot carry at all, even escaped, that `terminalText` leaves: lone surrogates, U+FFFE and
 * U+FFFF (the C0 controls among them it writes as escapes first). They become U+FFFD.
 */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Escapes element text. Every character a terminal or a page acts on rather than shows (ESC, CR, the C1 controls,
 * the bidirectional overrides: `terminalText`) is written as its escape (`\x1b`, `\r`, `\u202e`), as the terminal
 * and the Markdown report write them, so a CI page shows what is there; line breaks and tabs stay.
 */
export function xmlText(value: string): string {
  return terminalText(value, { keepNewlines: true })
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Escapes a double-quoted attribute value; tab and newline as references survive attribute normalisation. */
export function xmlAttr(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}
