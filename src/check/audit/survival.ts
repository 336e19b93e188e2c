import type { RecordedCompaction } from '../../adapters/sessions/SessionEvent.ts';
import { factsOf, type CompactionFacts } from './compactionFacts.ts';
import { IDENTIFIER_CLASSES, type IdentifierClass } from './identifiers.ts';

/** Per identifier class: how many distinct identifiers the dropped history held, and how many the list after kept. */
export type Survival = Readonly<Record<IdentifierClass, { readonly dropped: number; readonly kept: number }>>;

export function emptySurvival(): Record<IdentifierClass, { dropped: number; kept: number }> {
  return Object.fromEntries(IDENTIFIER_CLASSES.map((c) => [c, { dropped: 0, kept: 0 }])) as Record<IdentifierClass, { dropped: number; kept: number }>;
}

/**
 * The survival of one compaction: identifiers in the messages it dropped, and of those, the ones still held
 * by what the next request carries (the summary or a kept message). None for an opaque summary.
 */
export function survivalOf(compaction: RecordedCompaction, facts?: CompactionFacts): Survival | undefined {
  if (compaction.summary.kind !== 'text') return undefined;
  const { droppedCounts, lost } = facts ?? factsOf(compaction);
  const out = emptySurvival();
  const lostBy = new Map<IdentifierClass, number>();
  for (const l of lost) lostBy.set(l.cls, (lostBy.get(l.cls) ?? 0) + 1);
  for (const [cls, count] of droppedCounts) {
    out[cls].dropped = count;
    out[cls].kept = count - (lostBy.get(cls) ?? 0);
  }
  return out;
}

/** Sums survival tables. */
export function addSurvival(into: Record<IdentifierClass, { dropped: number; kept: number }>, more: Survival): void {
  for (const cls of IDENTIFIER_CLASSES) {
    into[cls].dropped += more[cls].dropped;
    into[cls].kept += more[cls].kept;
  }
}
