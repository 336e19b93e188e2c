import { messageText, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';

/** The identifier classes the audit follows through a compaction (issue 23; seeds 000–002). */
export const IDENTIFIER_CLASSES = ['request-id', 'error-code', 'file-path', 'command', 'number'] as const;
export type IdentifierClass = (typeof IDENTIFIER_CLASSES)[number];

// Each class as an anchored test of one candidate token, the first that accepts it wins (the definition the
// scan below must agree with; spec/check/audit/identifiers.test.ts holds it to that).
export const CLASSIFY: readonly [Exclude<IdentifierClass, 'command'>, RegExp][] = [
  // Prefixed ids (req-…, idem_…, txn-…, ch_…) and UUIDs.
  ['request-id', /^(?:(?:req|request|idem|idempotency|txn|tx|pay|payment|ch|ref|inv|ord)[-_][A-Za-z0-9][A-Za-z0-9_-]{2,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i],
  // errno names, E_/ERR codes, constants naming an error, short-letter codes (E1234, ERR-4471, TS2345).
  ['error-code', /^(?:E[A-Z]{3,}|(?:E|ERR)_[A-Z0-9_]+|ERR[A-Z0-9-]*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:ERROR|FAILED|FAILURE|DENIED|TIMEOUT|INVALID|NOT_FOUND|EXCEEDED|CONFLICT|REFUSED|UNAVAILABLE)(?:_[A-Z0-9]+)*|(?!(?:UTF|ISO|SHA|MD|RFC|X|H)-?\d)[A-Z]{1,5}-?\d{3,5})$/],
  // Paths with a directory part, and bare file names with a common extension.
  ['file-path', /^(?:(?:~\/|\.{1,2}\/|\/)?[\w@.-]+(?:\/[\w@.-]+)+|[\w-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|c|h|cpp|json|jsonl|yaml|yml|toml|md|txt|log|sh|sql|csv|env|lock|cfg|ini|html|css|xml))$/],
  // Numbers of three or more digits (amounts, ports, counts, line numbers), thousands separators allowed.
  ['number', /^(?:\d{1,3}(?:,\d{3})+|\d{3,})(?:\.\d+)?$/],
];
// A candidate token is a whole run of identifier characters ([\w@.\/,~+%-]) holding a digit, a slash, an
// underscore or a dot; plain words (most of prose) never become strings. The scan looks for those key characters
// only (one native regex pass: a JS loop over the characters costs about four times as much) and widens each hit
// to its run, so text without them (prose, filler) costs one pass of a one-class regex.
const KEY = /[\d/_.]/g;
// Per ASCII character: 0 outside a run; else RUN, plus what the classes above need to be possible at all.
const RUN = 1;
const DASH = 2; // '-' or '_': every request id has one
const SLASH_DOT = 4; // '/' or '.': every file path has one
const CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@,~+%') CHAR[c.charCodeAt(0)] = RUN;
CHAR['-'.charCodeAt(0)] = RUN | DASH;
CHAR['_'.charCodeAt(0)] = RUN | DASH;
CHAR['/'.charCodeAt(0)] = RUN | SLASH_DOT;
CHAR['.'.charCodeAt(0)] = RUN | SLASH_DOT;
const kindOf = (code: number): number => (code < 128 ? (CHAR[code] as number) : 0);
// First characters of a request id: 1 for a prefix's first letter (any case), 2 for a hex digit that can only
// start a UUID (36 characters).
const REQUEST_FIRST = new Uint8Array(128);
for (const c of '0123456789abcdefABCDEF') REQUEST_FIRST[c.charCodeAt(0)] = 2;
for (const c of 'rRiItTpPcCoO') REQUEST_FIRST[c.charCodeAt(0)] = 1;
const [REQUEST_ID, ERROR_CODE, FILE_PATH, NUMBER] = CLASSIFY.map(([, test]) => test) as [RegExp, RegExp, RegExp, RegExp];

// Which classes a token could be at all, from its first character, its length and the kinds of its characters
// (necessary conditions of CLASSIFY's regexes): a request id needs a '-' or '_' and a prefix's first letter,
// or 36 characters from a hex digit; an error code an upper-case first letter; a path a '/' or '.'; a number a
// first digit. A token that can be none of them is never cut out of the text.
const MAY_REQUEST = 1;
const MAY_ERROR = 2;
const MAY_PATH = 4;
const MAY_NUMBER = 8;
function possible(first: number, length: number, kinds: number): number {
  let may = 0;
  const request = first < 128 ? REQUEST_FIRST[first] : 0;
  if ((kinds & DASH) !== 0 && (request === 1 || (request === 2 && length === 36))) may |= MAY_REQUEST;
  if (first >= 65 && first <= 90) may |= MAY_ERROR;
  if ((kinds & SLASH_DOT) !== 0) may |= MAY_PATH;
  if (first >= 48 && first <= 57) may |= MAY_NUMBER;
  return may;
}

/**
 * The class of a candidate token, as the first regex of CLASSIFY that accepts it (undefined when none does),
 * running only the regexes `may` (from `possible`) allows: most tokens meet one regex, not four.
 */
function classify(token: string, may: number): Exclude<IdentifierClass, 'command'> | undefined {
  if ((may & MAY_REQUEST) !== 0 && REQUEST_ID.test(token)) return 'request-id';
  if ((may & MAY_ERROR) !== 0 && ERROR_CODE.test(token)) return 'error-code';
  if ((may & MAY_PATH) !== 0 && FILE_PATH.test(token)) return 'file-path';
  if ((may & MAY_NUMBER) !== 0 && NUMBER.test(token)) return 'number';
  return undefined;
}

const HTTP_URL = /\bhttps?:\/\/\S+/g;

const SHELL_KEYS = ['command', 'cmd', 'script'];

/** The command line of a shell-like tool call, if its arguments hold one. */
export function commandOf(args: Readonly<Record<string, unknown>>): string | undefined {
  for (const key of SHELL_KEYS) {
    const value = args[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().replace(/\s+/g, ' ');
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      // Codex's local_shell runs ["bash", "-lc", "<command>"]: the command is the script.
      const words = value as string[];
      const script = words.length === 3 && words[1] === '-lc' ? words[2] : words.join(' ');
      return script?.trim().replace(/\s+/g, ' ');
    }
  }
  return undefined;
}

/** Receives each identifier a scan finds, in text order (a value may come more than once). */
export type IdentifierVisitor = (cls: IdentifierClass, value: string) => void;

/** Identifiers of each class in a text. URLs are removed first: their parts are not paths or numbers. */
export function identifiersInText(text: string, into: Map<IdentifierClass, Set<string>> = new Map()): Map<IdentifierClass, Set<string>> {
  visitIdentifiersInText(text, (cls, value) => {
    let set = into.get(cls);
    if (set === undefined) into.set(cls, (set = new Set()));
    set.add(value);
  });
  return into;
}

/** Each identifier in a text, in order, to `visit`: `identifiersInText` without building its sets. */
export function visitIdentifiersInText(text: string, visit: IdentifierVisitor): void {
  const plain = text.includes('://') ? text.replace(HTTP_URL, ' ') : text;
  // One shared global regex: the loop below never re-enters it, so resetting lastIndex is enough. test()
  // moves lastIndex past the hit without building a match.
  const key = KEY;
  key.lastIndex = 0;
  const length = plain.length;
  while (key.test(plain)) {
    const hit = key.lastIndex - 1;
    let kinds = kindOf(plain.charCodeAt(hit));
    let start = hit;
    for (let k = start > 0 ? kindOf(plain.charCodeAt(start - 1)) : 0; k !== 0; k = start > 0 ? kindOf(plain.charCodeAt(start - 1)) : 0) {
      kinds |= k;
      start -= 1;
    }
    let end = hit + 1;
    for (let k = end < length ? kindOf(plain.charCodeAt(end)) : 0; k !== 0; k = end < length ? kindOf(plain.charCodeAt(end)) : 0) {
      kinds |= k;
      end += 1;
    }
    key.lastIndex = end;
    // Sentence punctuation and a list comma are not part of the token.
    while (start < end && plain.charCodeAt(start) === 44) start += 1;
    while (end > start && (plain.charCodeAt(end - 1) === 44 || plain.charCodeAt(end - 1) === 46)) end -= 1;
    if (end - start < 3) continue;
    const may = possible(plain.charCodeAt(start), end - start, kinds);
    if (may === 0) continue;
    const token = plain.slice(start, end);
    const cls = classify(token, may);
    if (cls !== undefined) visit(cls, cls === 'number' && token.includes(',') ? token.replace(/,/g, '') : token);
  }
}

/** Identifiers in a message: its text, its tool calls' arguments, and the command lines it ran. */
export function identifiersIn(message: PolicyMessage, into: Map<IdentifierClass, Set<string>> = new Map()): Map<IdentifierClass, Set<string>> {
  visitIdentifiersIn(message, (cls, value) => {
    let set = into.get(cls);
    if (set === undefined) into.set(cls, (set = new Set()));
    set.add(value);
  });
  return into;
}

/** Each identifier in a message, in the order `identifiersIn` first meets it, to `visit`. */
export function visitIdentifiersIn(message: PolicyMessage, visit: IdentifierVisitor): void {
  // messageText(message) is the content, a line break and the calls' JSON; no token or URL spans a line
  // break, so scanning the two apart finds the same identifiers in the same order, without joining them.
  visitIdentifiersInText(message.content, visit);
  if (message.role === 'assistant' && message.toolCalls !== undefined && message.toolCalls.length > 0) {
    visitIdentifiersInText(JSON.stringify(message.toolCalls), visit);
    for (const call of message.toolCalls) {
      const command = commandOf(call.args);
      if (command !== undefined) visit('command', command);
    }
  }
}

/** Normalised text for "does this list still say X": whitespace collapsed, case kept (ids are case-sensitive). */
export function searchable(messages: readonly PolicyMessage[]): string {
  return messages.map((m) => messageText(m).replace(/\s+/g, ' ')).join('\n');
}

/** Whether `text` still holds `value` of class `cls` (numbers also with thousands separators or a decimal tail). */
export function holds(text: string, cls: IdentifierClass, value: string): boolean {
  if (text.includes(value)) return true;
  if (cls !== 'number') return false;
  const grouped = thousands(value);
  // Three leading digits or fewer group to the value itself, already looked for.
  return grouped !== value && text.includes(grouped);
}

/** A number with its leading digits grouped by thousands (`1234567.5` → `1,234,567.5`). */
function thousands(value: string): string {
  let digits = 0;
  while (digits < value.length && value.charCodeAt(digits) >= 48 && value.charCodeAt(digits) <= 57) digits += 1;
  if (digits < 4) return value;
  let out = value.slice(0, digits % 3 || 3);
  for (let i = digits % 3 || 3; i < digits; i += 3) out += `,${value.slice(i, i + 3)}`;
  return out + value.slice(digits);
}

/** Words a human uses for each class, for "the agent asks for it" and "says it never existed". */
export const CLASS_WORDS: Readonly<Record<IdentifierClass, RegExp>> = {
  'request-id': /request[ _-]?id|idempotency|\brequest\b|transaction|reference|\bid\b/i,
  'error-code': /error|exit code|status code|\bcode\b|failure/i,
  'file-path': /\bfile|\bpath|director(?:y|ies)|folder/i,
  command: /\bcommand|\bscript|\bran\b|\brun\b/i,
  number: /\bamount|\bnumber|\btotal|\bcount\b|how (?:many|much)|\bvalue|\bprice|\bport\b|\blimit\b|\bsum\b/i,
};
