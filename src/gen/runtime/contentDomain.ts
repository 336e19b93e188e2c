import type { RawKind } from '../../model/Span.ts';

/**
 * Observations with exact identifiers, request ids and error signatures: the facts careless pruners lose. Every
 * raw kind is here (user statements, error signatures, identifiers, tool outputs, other), in ASCII and not: BMP
 * scripts, astral characters, text written in NFD (decomposed) form.
 */
export const CONTENTS: readonly string[] = [
  'tool: POST /orders returned 429 Too Many Requests (request req-0, retry-after 30)',
  'tool: migration m7 failed: ERROR 23505 duplicate key violates unique constraint "users_email_key" (request req-1)',
  'user: the deadline is Friday; keep the API backwards compatible',
  'tool: GET /users/42 -> {"id":42,"email":"a@example.com"} (request req-2)',
  'note: 3 errors so far',
  'tool: stack frame at db/migrate.ts:118 in applyMigration (request req-3)',
  'user: now explain to me why the migration failed',
  'tool: payment p-991 captured, 42.00 EUR (request req-1)',
  'user: ¿dónde está «config.yaml»? — pregúntale a Zoë',
  'tool: デプロイ失敗: ERROR E42 名前が重複しています (request req-4)',
  'id: order 7f3a9c2e-51d4-4b7e-9a0c-3e8d2f1b6a44 (request req-5)',
  'id: account ＡＢＣ-１２３ (full-width)',
  'tool: ✅ build passed 🚀 in 42 s; artifact 𝒳-17 (request req-6)',
  'user: the file is cafe\u0301.txt, not café.txt',
];

/** Which of the content shapes below a draw makes; 0–9 leave the content as it is, so shrinking ends plain. */
export const CONTENT_SHAPES = 20;

const PLAIN_SHAPES = 10;
/** Canonically equivalent in NFC and NFD (é, ü, ñ), so two shapes of one content are a pair that differ in bytes. */
const ACCENTED = ' (résumé für Señor Müller)';
const NEAR_EMPTY: readonly string[] = [' ', '\n', 'x', '¿', '😀'];
const LONG_CHARS = 8_192;

/**
 * `text` as one of the shapes the input domain covers (issue 11): trailing newline, leading whitespace, mixed
 * whitespace and CRLF around it, NFD and NFC forms of an accented suffix (a canonically equivalent pair), astral
 * characters, stacked combining marks, BMP punctuation and scripts, a very long text, a near-empty one. A runtime
 * must keep and hash the exact bytes; a digest of anything else is caught (INV-01, INV-02, D-05).
 */
export function shapeContent(text: string, shape: number, pick: number): string {
  switch (shape - PLAIN_SHAPES) {
    case 0: return `${text}\n`;
    case 1: return `  ${text}`;
    case 2: return `\t${text} \r\n`;
    case 3: return `${text}${ACCENTED}`.normalize('NFD');
    case 4: return `${text}${ACCENTED}`.normalize('NFC');
    case 5: return `${text} 🚀𝒳`;
    case 6: return `${text} Z\u0351\u036b\u0343a\u0301\u0327\u0308`;
    case 7: return `${text} — «¿qué?» Ωμέγα`;
    case 8: return repeatTo(text);
    case 9: return NEAR_EMPTY[pick % NEAR_EMPTY.length] as string;
    default: return text;
  }
}

/**
 * The long texts made lately, by text: most are of the few `CONTENTS`, and one string made once is one the runtimes
 * hash once (`digest`) and compare by identity, where each step used to build its own 8 KB copy. Cleared when full.
 */
const longTexts = new Map<string, string>();
const LONG_TEXTS_MAX = 256;

/** `text` repeated, a line each, to at least `LONG_CHARS` characters. */
function repeatTo(text: string): string {
  let long = longTexts.get(text);
  if (long === undefined) {
    if (longTexts.size >= LONG_TEXTS_MAX) longTexts.clear();
    long = Array.from({ length: Math.ceil(LONG_CHARS / (text.length + 1)) }, () => text).join('\n');
    longTexts.set(text, long);
  }
  return long;
}

/** What kind of raw observation a content is: its user statements, error signatures, identifiers, tool outputs. */
export function rawKindOf(content: string): RawKind {
  if (content.startsWith('user:')) return 'user';
  if (content.startsWith('id:')) return 'identifier';
  if (/ERROR|failed|429/.test(content)) return 'error';
  return content.startsWith('tool:') ? 'tool-output' : 'other';
}
