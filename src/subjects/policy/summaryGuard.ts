import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { retractions, UNASKED_DIRECTIVE } from '../../adapters/policy/retractions.ts';

/**
 * What prunecheck's own pruner does with a summarizer's answer before inserting it (spec/SPEC.md INV-30): the
 * model's text is untrusted, so it keeps only the lines that cannot revive what the user took back. It drops
 * every line that names a cancelled or replaced instruction, or a plan never approved (its id, or its order
 * number), unless the line quotes the user's own words for it verbatim, and every line that tells the agent to
 * act without asking. Coarser than the check on purpose: a neutral mention is dropped too, which costs detail,
 * never correctness. `history` is every message the pruner was fed, earlier summaries' sources included.
 */
export function guardSummary(text: string, history: readonly PolicyMessage[]): string {
  const taken = retractions(history);
  const verbatim = taken.flatMap((r) => [r.item.content, ...(r.by === undefined ? [] : [r.by.content])]);
  const names = (line: string): boolean =>
    taken.some((r) => new RegExp(`(^|[^\\w-])${r.id}(?!\\w)|#${r.order}(?!\\d)`).test(line));
  return text
    .split('\n')
    .filter((line) => !UNASKED_DIRECTIVE.test(line))
    .filter((line) => !names(line) || verbatim.some((v) => line.includes(v)))
    .join('\n');
}
