import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { RecordedCompaction } from '../../adapters/sessions/SessionEvent.ts';
import { droppedBy } from './droppedMessages.ts';
import { holds, searchable, visitIdentifiersIn, type IdentifierClass } from './identifiers.ts';

/** What several rules read off one compaction, computed once. */
export interface CompactionFacts {
  readonly dropped: readonly PolicyMessage[];
  /** Everything the list after the compaction says, whitespace collapsed. */
  readonly afterText: string;
  /** Each identifier of the dropped history, by class, with the first dropped message that held it. */
  readonly droppedIds: ReadonlyMap<IdentifierClass, ReadonlyMap<string, PolicyMessage>>;
  /** Those of them the list after no longer holds. */
  readonly lost: readonly { readonly cls: IdentifierClass; readonly value: string; readonly source: PolicyMessage }[];
}

const cache = new WeakMap<RecordedCompaction, CompactionFacts>();

export function factsOf(compaction: RecordedCompaction): CompactionFacts {
  const known = cache.get(compaction);
  if (known !== undefined) return known;
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
  const lost: { cls: IdentifierClass; value: string; source: PolicyMessage }[] = [];
  for (const [cls, byValue] of droppedIds) for (const [value, from] of byValue) if (!holds(afterText, cls, value)) lost.push({ cls, value, source: from });
  const facts = { dropped, afterText, droppedIds, lost };
  cache.set(compaction, facts);
  return facts;
}
