import type { PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import { quote, type AuditCheck, type AuditFinding } from './AuditFinding.ts';
import { holds, identifiersInText, type IdentifierClass } from './identifiers.ts';

// A sentence that says the user said or asked something.
const USER_ATTRIBUTION = /\b(?:the )?user(?:'s)?\s+(?:has\s+|had\s+|then\s+|also\s+|explicitly\s+|specifically\s+|later\s+)*(?:said|asked|requested|instructed|wants|wanted|told|wrote|stated|confirmed|approved|authori[sz]ed|directed|decided|mentioned|demanded|insisted|ordered|specified|added|prefers|gave)\b|\b(?:per|as) the user(?:'s)? (?:request|instruction|said|asked)|^\s*[-*]?\s*(?:user|human)\s*(?:instruction|request)?\s*:/im;
// A sentence that says a tool produced a result.
const TOOL_ATTRIBUTION = /\b(?:returned|reported|showed|printed|output(?:ted)?|responded with|failed with|succeeded with|came back with|exited with|resulted in)\b/i;
const QUOTED = /"([^"\n]{4,})"|“([^”\n]{4,})”|`([^`\n]{4,})`/g;
const STOP = new Set('that this with from have they them their there then than what when where which while will would should could about after before into onto over under also just only very more most some such your user asked said told wants wanted requested instructed please make sure file files code need needs the and for are was were been being tool result output returned shows showed agent model conversation summary session task work'.split(' '));

/** Sentences of a summary (a bullet line is a sentence of its own). */
function sentences(text: string): string[] {
  return text.replace(/<\/?[A-Za-z_][\w-]*>/g, '\n').split(/(?<=[.!?]["”'`)]?)\s+|\n+/).map((s) => s.trim()).filter((s) => s.length > 0);
}

const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
const stem = (w: string): string => w.toLowerCase().slice(0, 6);

/** Content words of a clause (letters only, four or more, no stop words), stemmed. */
function contentWords(text: string): string[] {
  return [...new Set((text.match(/[A-Za-z]{4,}/g) ?? []).filter((w) => !STOP.has(w.toLowerCase())).map(stem))];
}

/**
 * Where a summary's attribution is checked: the texts of its messages in groups (each built on first use),
 * and their joined text, built on demand.
 */
interface Source {
  /** Whether one of its texts holds `value` (so the joined text does: an identifier holds no line break). */
  readonly holds: (cls: IdentifierClass, value: string) => boolean;
  readonly text: () => string;
  /** The joined text lower-cased, whitespace collapsed, for quotes. */
  readonly normed: () => string;
}

function sourceOf(groups: readonly (() => readonly string[])[], join: () => string): Source {
  let text: string | undefined;
  let normed: string | undefined;
  const joined = (): string => (text ??= join());
  return { holds: (cls, value) => groups.some((group) => heldBy(group(), cls, value)), text: joined, normed: () => (normed ??= norm(joined())) };
}

/** `holds` over texts, from the latest (what a summary names is mostly recent). */
function heldBy(parts: readonly string[], cls: IdentifierClass, value: string): boolean {
  for (let i = parts.length - 1; i >= 0; i -= 1) if (holds(parts[i] as string, cls, value)) return true;
  return false;
}

const once = <T>(make: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

/** The claim after the attribution verb: what the summary says the user said. */
function claimOf(sentence: string): string {
  const match = USER_ATTRIBUTION.exec(sentence);
  return match === null ? sentence : sentence.slice(match.index + match[0].length);
}

/**
 * A summary that attributes to the user a statement, or to a tool a result, that the history it replaced
 * does not contain: a quote not found verbatim in any user message (tool result), an identifier the user
 * (tool) never wrote, or, for a user instruction, a claim whose words mostly appear in no user message.
 * The compaction's `before` list is the source: a re-attribution of an earlier summary is judged there.
 */
export const fabricatedAttribution: AuditCheck = (o) => {
  if (o.compaction.summary.kind !== 'text') return [];
  const before = o.compaction.before;
  // The sources, built only when a sentence attributes something (most summary sentences do not), as the
  // texts of their messages; the joined and normalised texts, for quotes, are built once and only for a quote.
  let sources: { user: Source; tool: Source; other: Source; userWords: () => ReadonlySet<string> } | undefined;
  const source = (): NonNullable<typeof sources> => {
    if (sources !== undefined) return sources;
    const parts = { user: [] as string[], tool: [] as string[], calls: [] as PolicyToolCall[], other: [] as string[] };
    for (const m of before) {
      if (m.role === 'user') parts.user.push(m.content);
      else if (m.role === 'tool') parts.tool.push(m.content);
      else parts.other.push(m.content);
      if (m.role === 'assistant') parts.calls.push(...(m.toolCalls ?? []));
    }
    const args = once(() => parts.calls.map((c) => JSON.stringify(c.args)));
    // The user's words: user messages, including an earlier summary the user role carries (judged at its own compaction).
    const user = sourceOf([() => parts.user], () => parts.user.join('\n'));
    // A tool's words: its results, and the calls that produced them (a summary may quote the command).
    // The calls' arguments are looked through first: they are short, and a value a summary names is often an
    // argument (an order number, a path), found before the long results are read.
    const tool = sourceOf([args, () => parts.tool], () => `${parts.tool.join('\n')}\n${args().join('\n')}`);
    const other = sourceOf([() => parts.other], () => parts.other.join('\n'));
    return (sources = { user, tool, other, userWords: once(() => new Set(contentWords(user.text()))) });
  };
  const findings: AuditFinding[] = [];
  for (const sentence of sentences(o.compaction.summary.text)) {
    const toUser = USER_ATTRIBUTION.test(sentence);
    const toTool = !toUser && TOOL_ATTRIBUTION.test(sentence);
    if (!toUser && !toTool) continue;
    const { user, tool, userWords, other } = source();
    const from = toUser ? user : tool;
    const who = toUser ? 'the user' : 'a tool';
    const reasons: string[] = [];
    for (const m of sentence.matchAll(QUOTED)) {
      const q = (m[1] ?? m[2] ?? m[3]) as string;
      if (!from.normed().includes(norm(q))) reasons.push(`it quotes ${JSON.stringify(q)}, which no ${toUser ? 'user message' : 'tool result'} before the compaction contains`);
    }
    for (const [cls, values] of identifiersInText(toUser ? claimOf(sentence) : sentence)) {
      for (const v of values) {
        if (from.holds(cls, v)) continue;
        const elsewhere = user.holds(cls, v) || tool.holds(cls, v) || other.holds(cls, v);
        reasons.push(elsewhere ? `it attributes ${cls} ${v} to ${who}, but ${v} came from elsewhere in the history, never from ${who}` : `it names ${cls} ${v}, which appears nowhere in the history it replaced`);
      }
    }
    if (toUser && reasons.length === 0) {
      const words = contentWords(claimOf(sentence));
      const missing = words.filter((w) => !userWords().has(w));
      if (words.length >= 3 && missing.length >= 3 && missing.length / words.length > 0.5) reasons.push(`most of what it says the user said (${missing.length} of ${words.length} content words: ${missing.slice(0, 6).join(', ')}) occurs in no user message before the compaction`);
    }
    if (reasons.length === 0) continue;
    findings.push({
      rule: 'fabricated-attribution',
      compaction: o.compaction.at,
      because: [`the summary of compaction ${o.index} attributes to ${who} something the history it replaced does not contain: ${reasons.join('; ')}.`],
      evidence: [{ at: o.compaction.at, label: `summary sentence (${toUser ? 'user' : 'tool'} attribution)`, quote: quote(sentence) }],
    });
  }
  return findings;
};
