import { messageSize, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { insertedBy, isKept, sameList } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

const size = (list: readonly PolicyMessage[]): number => list.reduce((n, m) => n + messageSize(m), 0);

/**
 * INV-22: a prune that removes messages makes the list smaller (in characters, prunecheck's token proxy), so
 * a summary larger than what it replaces, the fake's 120,000-character answer above all, is caught; and the
 * result fits the pruner's own trigger: a second prune with nothing new changes nothing and calls no model
 * (earendil-works/pi#8196, openai/codex#35669).
 */
export const compactionProgresses: PolicyCheck = (o) => {
  const out: string[] = [];
  const removed = o.before.filter((m) => !isKept(m, o.after));
  if (removed.length > 0 && size(o.after) >= size(o.before)) {
    const inserted = insertedBy(o.before, o.after);
    out.push(
      `round ${o.round}'s prune removed ${removed.length} message(s) of ${size(removed)} characters and inserted ${inserted.length} of ${size(inserted)}: the list went from ${size(o.before)} to ${size(o.after)} characters, no smaller than before.`,
    );
  }
  const settle = o.settle;
  if (settle !== undefined && (!sameList(o.after, settle.after) || settle.calls.length > 0)) {
    const what = [
      ...(sameList(o.after, settle.after) ? [] : [`changed the list again (${o.after.length} → ${settle.after.length} messages, ${size(o.after)} → ${size(settle.after)} characters)`]),
      ...(settle.calls.length > 0 ? [`called the summarizer ${settle.calls.length} more time(s)`] : []),
    ];
    out.push(`right after round ${o.round}'s compaction, a prune with no new messages ${what.join(' and ')}: the compacted list still meets the pruner's own trigger, so it compacts on every model call (a compaction loop).`);
  }
  return out;
};
