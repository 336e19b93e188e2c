import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { quote, type AuditCheck, type AuditFinding } from './AuditFinding.ts';
import { holds, identifiersInText } from './identifiers.ts';

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
  const byRole = (roles: readonly PolicyMessage['role'][]): string => before.filter((m) => roles.includes(m.role)).map((m) => m.content).join('\n');
  // The sources, built only when a sentence attributes something (most summary sentences do not).
  let sources: { userText: string; toolText: string; userWords: Set<string>; everything: string } | undefined;
  const source = (): NonNullable<typeof sources> => {
    if (sources !== undefined) return sources;
    // The user's words: user messages, including an earlier summary the user role carries (judged at its own compaction).
    const userText = byRole(['user']);
    // A tool's words: its results, and the calls that produced them (a summary may quote the command).
    const toolText = `${byRole(['tool'])}\n${before.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => JSON.stringify(c.args)) : [])).join('\n')}`;
    return (sources = { userText, toolText, userWords: new Set(contentWords(userText)), everything: `${userText}\n${toolText}\n${byRole(['assistant', 'system'])}` });
  };
  const findings: AuditFinding[] = [];
  for (const sentence of sentences(o.compaction.summary.text)) {
    const toUser = USER_ATTRIBUTION.test(sentence);
    const toTool = !toUser && TOOL_ATTRIBUTION.test(sentence);
    if (!toUser && !toTool) continue;
    const { userText, toolText, userWords, everything } = source();
    const from = toUser ? userText : toolText;
    const who = toUser ? 'the user' : 'a tool';
    const reasons: string[] = [];
    for (const m of sentence.matchAll(QUOTED)) {
      const q = (m[1] ?? m[2] ?? m[3]) as string;
      if (!norm(from).includes(norm(q))) reasons.push(`it quotes ${JSON.stringify(q)}, which no ${toUser ? 'user message' : 'tool result'} before the compaction contains`);
    }
    for (const [cls, values] of identifiersInText(toUser ? claimOf(sentence) : sentence)) {
      for (const v of values) {
        if (holds(from, cls, v)) continue;
        reasons.push(holds(everything, cls, v) ? `it attributes ${cls} ${v} to ${who}, but ${v} came from elsewhere in the history, never from ${who}` : `it names ${cls} ${v}, which appears nowhere in the history it replaced`);
      }
    }
    if (toUser && reasons.length === 0) {
      const words = contentWords(claimOf(sentence));
      const missing = words.filter((w) => !userWords.has(w));
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
