import { samePayload, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { RecordedCompaction } from '../../adapters/sessions/SessionEvent.ts';

/** Messages of `before` that are not in `after` with the same payload: what the compaction dropped. */
export function droppedBy(compaction: RecordedCompaction): PolicyMessage[] {
  return compaction.before.filter((b) => !compaction.after.some((a) => samePayload(a, b)));
}

/** The message of `after` that holds the summary text (the first that contains it), if any. */
export function summaryMessageOf(compaction: Pick<RecordedCompaction, 'summary' | 'after'>): PolicyMessage | undefined {
  if (compaction.summary.kind !== 'text') return undefined;
  const text = compaction.summary.text.trim();
  if (text === '') return undefined;
  return compaction.after.find((m) => m.content.includes(text.slice(0, 200)));
}
