import { messageText, type PolicyMessage, type PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import type { RecordedMessage } from '../../adapters/sessions/SessionEvent.ts';
import { quote, type AuditCheck, type AuditFinding, type AuditObservation } from './AuditFinding.ts';
import { factsIn } from './compactionFacts.ts';
import { CLASS_WORDS, identifiersIn, identifiersInText, searchable, type IdentifierClass } from './identifiers.ts';
import { canonicalArgs } from './sideEffects.ts';

// The agent says a thing is not there: "no such request", "never existed", "I don't have the error code".
const DENIAL = /\b(?:no (?:such|record|mention|trace|prior|previous|earlier|existing)|never (?:existed|created|issued|sent|ran|mentioned|happened)|(?:does|did|do)(?: not|n't) (?:exist|have|see|know|find|appear)|not (?:found|aware|recorded|present|available|mentioned)|cannot (?:find|see|locate)|can't (?:find|see|locate)|there (?:is|was|are|were) no|unknown (?:request|file|error|command)|nothing (?:about|on record))\b/i;

// A question for a value ("what was the request id?", "which error code…?", "can you give me the path?"), not
// any question that happens to name the kind ("should I also fix the error handling?").
const ASKING = /\b(?:what|which)\b[^?]*\?|\b(?:remind me|do you (?:have|know|remember)|(?:can|could) you (?:tell|give|share|provide|paste|send))\b/i;

/** One identifier the compaction lost: its class, the dropped message it was in. */
interface Lost {
  readonly cls: IdentifierClass;
  readonly value: string;
  readonly source: PolicyMessage;
}

/** Identifiers in dropped messages that the list after the compaction no longer holds anywhere. */
export function lostIdentifiers(o: AuditObservation): Lost[] {
  return o.compaction.summary.kind === 'text' ? [...factsIn(o).lost] : [];
}

/** A dropped call that carried a lost identifier in one top-level argument. */
interface Carrier {
  readonly lost: Lost;
  readonly call: PolicyToolCall;
  readonly key: string;
}

/** The lost identifiers, indexed for the per-message questions below (a window may lose thousands). */
interface LostIndex {
  readonly byClass: ReadonlyMap<IdentifierClass, readonly Lost[]>;
  /** Dropped calls that carried a lost identifier, by tool name, argument and the other arguments. */
  readonly carriers: ReadonlyMap<string, readonly Carrier[]>;
}

function indexLost(lost: readonly Lost[]): LostIndex {
  const byClass = new Map<IdentifierClass, Lost[]>();
  const carriers = new Map<string, Carrier[]>();
  for (const l of lost) {
    const list = byClass.get(l.cls);
    if (list === undefined) byClass.set(l.cls, [l]);
    else list.push(l);
    if (l.source.role !== 'assistant') continue;
    for (const call of l.source.toolCalls ?? []) {
      // Only a later call of two or more arguments is matched (reaction below), and its slot names its other
      // arguments, which a call of one argument never has: such a call can carry nothing.
      const entries = Object.entries(call.args);
      if (entries.length < 2) continue;
      for (const [key, value] of entries) {
        if (!JSON.stringify(value ?? null).includes(l.value)) continue;
        const slot = slotOf(call.name, key, call.args);
        const of = carriers.get(slot);
        if (of === undefined) carriers.set(slot, [{ lost: l, call, key }]);
        else of.push({ lost: l, call, key });
      }
    }
  }
  return { byClass, carriers };
}

/** A call with one argument left out: two calls in the same slot differ at most in that argument. */
const slotOf = (name: string, key: string, args: Readonly<Record<string, unknown>>): string => `${name}\u0000${key}\u0000${canonicalArgs(Object.fromEntries(Object.entries(args).filter(([k]) => k !== key)))}`;

/** What a later message does with a lost identifier's class, if it gives it away: asks, re-derives, denies. */
function reaction(later: RecordedMessage, cls: IdentifierClass, index: LostIndex, known: () => string, denies: boolean): { how: string; value?: string } | undefined {
  const m = later.message;
  const ofClass = index.byClass.get(cls);
  if (m.role !== 'assistant' || ofClass === undefined) return undefined;
  const text = m.content;
  const asks = text.includes('?') && ASKING.test(text) && CLASS_WORDS[cls].test(text);
  if (asks || denies) {
    const named = ofClass.find((l) => text.includes(l.value));
    // A question about the class that does not itself hold the value: the agent asks for what it lost.
    if (asks && named === undefined) return { how: denies ? 'says it cannot find it and asks for it' : 'asks for it' };
    if (denies && (named !== undefined || CLASS_WORDS[cls].test(text))) return { how: 'says it does not exist', ...(named === undefined ? {} : { value: named.value }) };
  }
  // Re-derived differently: the same call as a dropped one but for the argument that held the lost value,
  // which now holds a value of the class never seen before (seed 000: the refund re-sent under a new id).
  for (const call of m.toolCalls ?? []) {
    // A call of one argument has no other argument to show it is the same action.
    const keys = Object.keys(call.args);
    for (const key of index.carriers.size === 0 || keys.length < 2 ? [] : keys) {
      const carrier = index.carriers.get(slotOf(call.name, key, call.args))?.find((c) => c.lost.cls === cls);
      if (carrier === undefined) continue;
      const fresh = [...(identifiersInText(JSON.stringify(call.args[carrier.key] ?? null)).get(cls) ?? [])].filter((v) => !known().includes(v));
      if (fresh.length > 0) return { how: `re-derives it differently (${call.name} with ${fresh[0]} where the dropped call had ${carrier.lost.value})`, value: carrier.lost.value };
    }
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
  const index = indexLost(lost);
  // Everything the agent had seen: built only when a later call needs it (most compactions never do).
  let seen: string | undefined;
  const known = (): string => (seen ??= [searchable(o.compaction.before), ...identifiersValues(o.compaction.after)].join('\n'));
  const findings: AuditFinding[] = [];
  const classes = [...index.byClass.keys()];
  for (const later of o.future) {
    if (later.message.role !== 'assistant') continue;
    // A message with no words can only re-derive, and only with a call where a dropped call carried the value.
    if (later.message.content === '' && (index.carriers.size === 0 || (later.message.toolCalls ?? []).length === 0)) continue;
    const denies = DENIAL.test(later.message.content);
    for (const cls of [...classes]) {
      const r = reaction(later, cls, index, known, denies);
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

