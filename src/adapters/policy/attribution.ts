/**
 * How prunecheck reads attribution in a summary line (spec/SPEC.md INV-31, D-28): what the line says the user
 * said, what it says a tool returned, and which orders it says were done. A deterministic reading of the
 * conventions summaries use, not a judge: words outside them are not read.
 */

/** What one line attributes: a quote of the user, or a tool's result. */
export interface Attribution {
  readonly to: 'user' | 'tool';
  readonly text: string;
}

const ROLE_LINE = /^\s*(?:[-*•]\s*)?(user|human|tool|tool result)\s*:\s*(.+)$/i;
const USER_QUOTE = /\b(?:the )?user (?:said|asked|wrote|instructed|requested|told [\w ]+?)(?:,|:)?\s*["“]([^"”]+)["”]/gi;
const TOOL_QUOTE = /\b([a-z_]+) (?:returned|answered|reported)(?:,|:)?\s*["“]([^"”]+)["”]/gi;

/** The attributions a line makes: a `user:` or `tool:` line, `the user said "…"`, `<tool> returned "…"`. */
export function attributionsIn(line: string): Attribution[] {
  const out: Attribution[] = [];
  const role = ROLE_LINE.exec(line);
  if (role !== null) out.push({ to: (role[1] as string).toLowerCase().startsWith('tool') ? 'tool' : 'user', text: (role[2] as string).trim() });
  for (const m of line.matchAll(USER_QUOTE)) out.push({ to: 'user', text: (m[1] as string).trim() });
  for (const m of line.matchAll(TOOL_QUOTE)) out.push({ to: 'tool', text: (m[2] as string).trim() });
  return out;
}

/** Elision marks a quote may use in place of words it leaves out: `…`, `...`, or a bracketed placeholder (`[id]`). */
const ELISION = /…|\.\.\.|\[[^\]]*\]/;

/**
 * `quote` is the source's own words: each piece between elision marks appears in `source`, in order. A quote
 * may leave words out (marked), never add or change any.
 */
export function quotes(quote: string, source: string): boolean {
  const pieces = quote.split(ELISION).map((p) => p.trim()).filter((p) => p !== '');
  if (pieces.length === 0) return false;
  let from = 0;
  for (const piece of pieces) {
    const at = source.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/** Past-tense verbs and words of completion a summary uses to say an action on an order was done. */
const COMPLETED = /\b(refunded|emailed|charged|sent|issued|done|completed|finished|succeeded|successful(?:ly)?)\b/i;
const NEGATED = /\b(not|never|no|failed|pending|unfinished|awaiting|still|cancel\w*)\b/i;
const ORDER = /(?:order\s*#?|#)(\d{4})\b/gi;

/** The orders a line says were done (a completion word, no negation), digits only. */
export function completionClaims(line: string): string[] {
  if (!COMPLETED.test(line) || NEGATED.test(line)) return [];
  return [...new Set([...line.matchAll(ORDER)].map((m) => m[1] as string))];
}
