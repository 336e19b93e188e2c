import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { retractions, UNASKED_DIRECTIVE } from '../../adapters/policy/retractions.ts';
import { attributionsIn, completionClaims, quotes } from '../../adapters/policy/attribution.ts';
import { completedCalls, orderOf } from '../../adapters/policy/conversationFacts.ts';

/** Which parts of the guard run: a broken variant switches one off (src/subjects/policy/windowPruner.ts). */
export interface GuardParts {
  /** Drop lines that could revive what the user took back, and unasked directives (INV-30). */
  readonly retractions: boolean;
  /** Drop lines that attribute words to the user or a tool they never said, and unproven completion claims (INV-31). */
  readonly attribution: boolean;
  /** Accept a quote with elision marks (`…`, `[id]`) as the guard's reading; off, only whole statements pass. */
  readonly elidedQuotes?: boolean;
}

/**
 * What prunecheck's own pruner does with a summarizer's answer before inserting it (spec/SPEC.md INV-30): the
 * model's text is untrusted, so it keeps only the lines that cannot revive what the user took back. It drops
 * every line that names a cancelled or replaced instruction, or a plan never approved (its id, or its order
 * number), unless the line quotes the user's own words for it verbatim, and every line that tells the agent to
 * act without asking. Coarser than the check on purpose: a neutral mention is dropped too, which costs detail,
 * never correctness. `history` is every message the pruner was fed, earlier summaries' sources included.
 */
export function guardSummary(text: string, history: readonly PolicyMessage[], parts: GuardParts = { retractions: true, attribution: true }): string {
  let lines = text.split('\n');
  if (parts.retractions) lines = guardRetractions(lines, history);
  if (parts.attribution) lines = guardAttribution(lines, history, parts.elidedQuotes === true);
  return lines.join('\n');
}

function guardRetractions(lines: readonly string[], history: readonly PolicyMessage[]): string[] {
  const taken = retractions(history);
  const verbatim = taken.flatMap((r) => [r.item.content, ...(r.by === undefined ? [] : [r.by.content])]);
  const names = (line: string): boolean =>
    taken.some((r) => new RegExp(`(^|[^\\w-])${r.id}(?!\\w)|#${r.order}(?!\\d)`).test(line));
  return lines.filter((line) => !UNASKED_DIRECTIVE.test(line)).filter((line) => !names(line) || verbatim.some((v) => line.includes(v)));
}

/**
 * Keeps a line that attributes words to the user or a tool only if they are a whole statement or result of
 * the history (or, with `elided`, its words with elision marks), and a line that says an order was done only if
 * a call on that order succeeded. Coarser than the check: the call records it writes itself (its anchors) come
 * after the guard.
 */
function guardAttribution(lines: readonly string[], history: readonly PolicyMessage[], elided: boolean): string[] {
  const done = new Set(completedCalls(history).flatMap((c) => orderOf(c.call) ?? []));
  const source = (role: 'user' | 'tool'): string[] => history.filter((m) => m.role === role).map((m) => m.content);
  const real = (to: 'user' | 'tool', text: string): boolean => source(to).some((s) => (elided ? quotes(text, s) : s.includes(text)));
  return lines.filter((line) => {
    const attributed = attributionsIn(line);
    if (attributed.length > 0) return attributed.every((a) => real(a.to, a.text));
    return completionClaims(line).every((order) => done.has(order));
  });
}
