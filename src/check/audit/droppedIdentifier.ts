import { messageText, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { RecordedMessage } from '../../adapters/sessions/SessionEvent.ts';
import { quote, type AuditCheck, type AuditFinding, type AuditObservation } from './AuditFinding.ts';
import { droppedBy } from './droppedMessages.ts';
import { CLASS_WORDS, holds, identifiersIn, searchable, type IdentifierClass } from './identifiers.ts';

// The agent says a thing is not there: "no such request", "never existed", "I don't have the error code".
const DENIAL = /\b(?:no (?:such|record|mention|trace|prior|previous|earlier|existing)|never (?:existed|created|issued|sent|ran|mentioned|happened)|(?:does|did|do)(?: not|n't) (?:exist|have|see|know|find|appear)|not (?:found|aware|recorded|present|available|mentioned)|cannot (?:find|see|locate)|can't (?:find|see|locate)|there (?:is|was|are|were) no|unknown (?:request|file|error|command)|nothing (?:about|on record))\b/i;

/** One identifier the compaction lost: its class, the dropped message it was in. */
interface Lost {
  readonly cls: IdentifierClass;
  readonly value: string;
  readonly source: PolicyMessage;
}

/** Identifiers in dropped messages that the list after the compaction no longer holds anywhere. */
export function lostIdentifiers(o: AuditObservation): Lost[] {
  if (o.compaction.summary.kind !== 'text') return [];
  const after = searchable(o.compaction.after);
  const lost = new Map<string, Lost>();
  for (const m of droppedBy(o.compaction)) {
    for (const [cls, values] of identifiersIn(m)) {
      for (const value of values) if (!holds(after, cls, value) && !lost.has(`${cls}\u0000${value}`)) lost.set(`${cls}\u0000${value}`, { cls, value, source: m });
    }
  }
  return [...lost.values()];
}

/** What a later message does with a lost identifier's class, if it gives it away: asks, re-derives, denies. */
function reaction(later: RecordedMessage, cls: IdentifierClass, lost: readonly Lost[], known: string): { how: string; value?: string } | undefined {
  const m = later.message;
  if (m.role !== 'assistant') return undefined;
  const text = m.content;
  const named = lost.find((l) => l.cls === cls && text.includes(l.value));
  // A question about the class that does not itself hold the value: the agent asks for what it lost.
  if (/\?/.test(text) && CLASS_WORDS[cls].test(text) && named === undefined) return { how: DENIAL.test(text) ? 'says it cannot find it and asks for it' : 'asks for it' };
  if (DENIAL.test(text) && (named !== undefined || CLASS_WORDS[cls].test(text))) return { how: 'says it does not exist', ...(named === undefined ? {} : { value: named.value }) };
  // Re-derived differently: a call of the same tool with a value of the class that was never seen before.
  for (const call of m.toolCalls ?? []) {
    const fresh = [...(identifiersIn({ role: 'assistant', content: '', toolCalls: [call] }).get(cls) ?? [])].filter((v) => !known.includes(v));
    const sameTool = lost.find((l) => l.cls === cls && l.source.role === 'assistant' && (l.source.toolCalls ?? []).some((c) => c.name === call.name && JSON.stringify(c.args).includes(l.value)));
    if (fresh.length > 0 && sameTool !== undefined) return { how: `re-derives it differently (${call.name} with ${fresh[0]} where the dropped call had ${sameTool.value})`, value: sameTool.value };
  }
  return undefined;
}

/**
 * An identifier (request id, error code, file path, command, number) that was in the dropped history, is
 * missing from everything the compaction kept, and that the agent later asks for, re-derives differently,
 * or says never existed (seed 001's step 9, seed 002's N+5). One finding per class and later message.
 */
export const droppedIdentifier: AuditCheck = (o) => {
  const lost = lostIdentifiers(o);
  if (lost.length === 0) return [];
  const known = [searchable(o.compaction.before), ...identifiersValues(o.compaction.after)].join('\n');
  const findings: AuditFinding[] = [];
  const classes = [...new Set(lost.map((l) => l.cls))];
  for (const later of o.future) {
    for (const cls of classes) {
      const r = reaction(later, cls, lost, known);
      if (r === undefined) continue;
      const of = lost.filter((l) => l.cls === cls && (r.value === undefined || l.value === r.value));
      const shown = of.slice(0, 5).map((l) => l.value);
      const source = of[0] as Lost;
      findings.push({
        rule: 'dropped-identifier',
        compaction: o.compaction.at,
        because: [
          `compaction ${o.index} dropped ${of.length} ${cls} identifier(s) (${shown.join(', ')}${of.length > shown.length ? ', …' : ''}) that nothing after it holds, neither the summary nor a kept message; at line ${later.at.line} the agent ${r.how}.`,
        ],
        evidence: [
          { at: o.where(source.source) ?? o.compaction.at, label: `dropped ${source.source.role} message holding ${source.value}`, quote: quote(excerpt(messageText(source.source), source.value)) },
          { at: later.at, label: `the agent ${r.how.split(' (')[0]}`, quote: quote(later.message.content || messageText(later.message)) },
        ],
      });
      // One finding per class: the first reaction is the evidence.
      classes.splice(classes.indexOf(cls), 1);
    }
    if (classes.length === 0) break;
  }
  return findings;
};

function identifiersValues(messages: readonly PolicyMessage[]): string[] {
  const all = new Map<IdentifierClass, Set<string>>();
  for (const m of messages) identifiersIn(m, all);
  return [...all.values()].flatMap((s) => [...s]);
}

/** The part of `text` around `value`, so a quote shows the identifier. */
export function excerpt(text: string, value: string): string {
  const at = text.indexOf(value);
  if (at < 0) return text;
  const start = Math.max(0, at - 60);
  return `${start > 0 ? '…' : ''}${text.slice(start, at + value.length + 80)}`;
}

