/**
 * Characters XML 1.0 cannot carry at all, even escaped: C0 controls other than tab/LF/CR, lone surrogates,
 * U+FFFE and U+FFFF. An adapter's error message may contain any of them; they become U+FFFD.
 */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Characters XML can carry that a terminal or a browser acts on: DEL and the C1 controls (CSI among them), the
 * bidirectional overrides and isolates that reorder what a CI page shows. A report is no place for them: U+FFFD.
 */
const NOT_SHOWN = /[\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** Escapes element text. `\r` is written as a reference because parsers normalise a literal one to `\n`. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '\uFFFD')
    .replace(NOT_SHOWN, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** Escapes a double-quoted attribute value; tab and newline as references survive attribute normalisation. */
export function xmlAttr(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}
