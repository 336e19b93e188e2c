import { messageSize, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { FAKE_WINDOW_CHARS } from '../../gen/policy/fakeModel.ts';
import { insertedBy, isKept, sameList } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

const size = (list: readonly PolicyMessage[]): number => list.reduce((n, m) => n + messageSize(m), 0);

/**
 * INV-22: a compaction's request to the summarizer fits the summarizer's window (`contextChars`); a prune
 * that removes messages makes the list smaller (in characters, prunecheck's token proxy), so a summary larger
 * than what it replaces, the fake's 120,000-character answer above all, is caught; and the result fits the
 * pruner's own trigger: a second prune with nothing new changes nothing and calls no model
 * (earendil-works/pi#8196, openai/codex#35669).
 */
export const compactionProgresses: PolicyCheck = (o) => {
  const out: string[] = [];
  for (const c of [...o.calls, ...(o.settle?.calls ?? [])].filter((x) => x.rejected === 'context-length')) {
    out.push(`in round ${o.round} the pruner sent the summarizer a ${c.promptChars}-character prompt (call ${c.call}), over its ${FAKE_WINDOW_CHARS}-character window, and the summarizer refused it: a compaction that does not bound its summarization request fails whenever the history outgrows the model's window.`);
  }
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
