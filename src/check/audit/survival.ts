import type { RecordedCompaction } from '../../adapters/sessions/SessionEvent.ts';
import { droppedBy } from './droppedMessages.ts';
import { holds, IDENTIFIER_CLASSES, identifiersIn, searchable, type IdentifierClass } from './identifiers.ts';

/** Per identifier class: how many distinct identifiers the dropped history held, and how many the list after kept. */
export type Survival = Readonly<Record<IdentifierClass, { readonly dropped: number; readonly kept: number }>>;

export function emptySurvival(): Record<IdentifierClass, { dropped: number; kept: number }> {
  return Object.fromEntries(IDENTIFIER_CLASSES.map((c) => [c, { dropped: 0, kept: 0 }])) as Record<IdentifierClass, { dropped: number; kept: number }>;
}

/**
 * The survival of one compaction: identifiers in the messages it dropped, and of those, the ones still held
 * by what the next request carries (the summary or a kept message). None for an opaque summary.
 */
export function survivalOf(compaction: RecordedCompaction): Survival | undefined {
  if (compaction.summary.kind !== 'text') return undefined;
  const found = new Map<IdentifierClass, Set<string>>();
  for (const m of droppedBy(compaction)) identifiersIn(m, found);
  const after = searchable(compaction.after);
  const out = emptySurvival();
  for (const [cls, values] of found) {
    out[cls].dropped = values.size;
    out[cls].kept = [...values].filter((v) => holds(after, cls, v)).length;
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
