import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { RecordedCompaction } from '../../adapters/sessions/SessionEvent.ts';
import type { AuditObservation } from './AuditFinding.ts';
import { droppedBy } from './droppedMessages.ts';
import { holds, searchable, visitIdentifiersIn, type IdentifierClass } from './identifiers.ts';

/** What several rules read off one compaction, computed once. */
export interface CompactionFacts {
  readonly dropped: readonly PolicyMessage[];
  /** Everything the list after the compaction says, whitespace collapsed. */
  readonly afterText: string;
  /** How many distinct identifiers of each class the dropped history held (classes in the order first met). */
  readonly droppedCounts: ReadonlyMap<IdentifierClass, number>;
  /** Those of them the list after no longer holds, each with the first dropped message that held it. */
  readonly lost: readonly { readonly cls: IdentifierClass; readonly value: string; readonly source: PolicyMessage }[];
}

/**
 * The facts of one compaction. The audit computes them once, when the compaction is read, and hands them to
 * the rules with the observation (`factsIn`); they are not cached on the side: a WeakMap keyed by compaction
 * made every major GC of a long session walk its ephemerons, and kept each window's identifier tables alive
 * as long as the compaction. Only the counts and the lost identifiers outlive this call.
 */
export function factsOf(compaction: RecordedCompaction): CompactionFacts {
  const dropped = droppedBy(compaction);
  const afterText = searchable(compaction.after);
  const droppedIds = new Map<IdentifierClass, Map<string, PolicyMessage>>();
  // Straight into the table, in the order identifiersIn(m) would list them: no sets per message.
  let source: PolicyMessage | undefined;
  const visit = (cls: IdentifierClass, value: string): void => {
    let byValue = droppedIds.get(cls);
    if (byValue === undefined) droppedIds.set(cls, (byValue = new Map()));
    if (!byValue.has(value)) byValue.set(value, source as PolicyMessage);
  };
  for (const m of dropped) {
    source = m;
    visitIdentifiersIn(m, visit);
  }
  const droppedCounts = new Map<IdentifierClass, number>();
  const lost: { cls: IdentifierClass; value: string; source: PolicyMessage }[] = [];
  for (const [cls, byValue] of droppedIds) {
    droppedCounts.set(cls, byValue.size);
    for (const [value, from] of byValue) if (!holds(afterText, cls, value)) lost.push({ cls, value, source: from });
  }
  return { dropped, afterText, droppedCounts, lost };
}

/** The facts the audit computed for the observation's compaction, or computed now (a rule run on its own). */
export function factsIn(o: AuditObservation): CompactionFacts {
  return o.facts ?? factsOf(o.compaction);
}
