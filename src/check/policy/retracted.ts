import { retractions, UNASKED_DIRECTIVE, type Retraction } from '../../adapters/policy/retractions.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { fedSoFar } from './doneStaysDone.ts';
import { describe, insertedBy, isKept, isWritten, mentions } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';
import type { PolicyObservation } from './PolicyObservation.ts';

/** Words that present an action as still to be done, or as approved (spec/SPEC.md INV-30). */
const PENDING = /\b(next|pending|to ?do|approved|go ahead|proceed|continue|remaining|outstanding|still needs?|will)\b/i;
/** Words that keep it visibly taken back; a line with one of them says the retraction. */
const TAKEN_BACK = /cancel|withdr[ae]w|supersed|replaced|\binstead\b|not approved|unapproved|awaiting approval|rejected|declined|\bdo not\b|\bdon't\b/i;

/** The item or its retraction is in the list: kept, or quoted verbatim by a message in it (as INV-17 reads it). */
export const inList = (m: PolicyMessage, after: readonly PolicyMessage[]): boolean => isKept(m, after) || after.some((a) => a !== m && a.content.includes(m.content));

/** A line names the retracted action: its id (`I-3`, `P-3`) as a word, or its verb with its order number. */
const namesItem = (line: string, r: Retraction): boolean =>
  mentions(line, r.id) || (line.toLowerCase().includes(r.action.toLowerCase()) && new RegExp(`(^|\\D)${r.order}(\\D|$)`).test(line));

/** The lines of an inserted message with every verbatim quote of a message the harness wrote taken out. */
function ownLines(message: PolicyMessage, o: PolicyObservation): string[] {
  const quotes = [...o.written.values()].map((m) => m.content).filter((c) => c.length >= 20);
  return message.content.split('\n').map((line) => quotes.reduce((l, q) => l.split(q).join(''), line));
}

/**
 * INV-30: what the user took back stays taken back. An instruction the user cancelled or replaced, and a plan
 * never approved, is after the prune absent or visibly retracted: if the instruction is in the list, so is its
 * retraction; no message the pruner inserted presents it as pending, next or approved; and no message the
 * pruner inserted carries a directive the user never gave ("continue without asking"), as compaction
 * summaries do (anthropics/claude-code#27319, #10528).
 */
export const retractedStaysRetracted: PolicyCheck = (o) => {
  const out: string[] = [];
  const inserted = insertedBy(o.before, o.after).filter((a) => !isWritten(o.written, a));
  for (const r of retractions(fedSoFar(o))) {
    if (r.by !== undefined && inList(r.item, o.after) && !inList(r.by, o.after)) {
      out.push(`after round ${o.round}'s prune the list still asks ${describe(r.item)}, but the user's ${r.kind === 'cancelled' ? 'cancellation' : 'replacement'} ${describe(r.by)} is gone: a ${r.kind} instruction reads as pending.`);
    }
    for (const a of inserted) {
      for (const line of ownLines(a, o)) {
        if (!namesItem(line, r) || !PENDING.test(line) || TAKEN_BACK.test(line)) continue;
        const what = r.kind === 'unapproved' ? `plan ${r.id}, which the user never approved` : `instruction ${r.id}, which the user ${r.kind === 'cancelled' ? 'cancelled' : 'replaced'}`;
        out.push(`round ${o.round} inserted ${describe(a)}, which presents ${what}, as pending or approved: ${JSON.stringify(line.trim())}.`);
      }
    }
  }
  for (const a of inserted) {
    for (const line of ownLines(a, o)) {
      if (UNASKED_DIRECTIVE.test(line)) out.push(`round ${o.round} inserted ${describe(a)}, which gives the agent a directive the user never gave: ${JSON.stringify(line.trim())}.`);
    }
  }
  return out;
};
