import type { PolicyOutcome } from '../../adapters/policy/PolicyOutcome.ts';
import { messageSize, samePayload, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/** What a step observably did to the list: messages removed, rewritten in place under their id, inserted. */
export interface ObservedDifference {
  readonly removed: number;
  readonly replaced: number;
  readonly inserted: number;
  readonly sizeBefore: number;
  readonly sizeAfter: number;
}

const size = (list: readonly PolicyMessage[]): number => list.reduce((n, m) => n + messageSize(m), 0);
const sameId = (a: PolicyMessage, b: PolicyMessage): boolean => a.id !== undefined && a.id === b.id;

/** The observed difference between the list before a step (its new messages included) and after it. */
export function observedDifference(before: readonly PolicyMessage[], after: readonly PolicyMessage[]): ObservedDifference {
  const kept = (m: PolicyMessage, list: readonly PolicyMessage[]): boolean => list.some((x) => (sameId(x, m) || x.id === undefined && m.id === undefined) && samePayload(x, m));
  const removed = before.filter((b) => !after.some((a) => sameId(a, b)) && !kept(b, after)).length;
  const replaced = before.filter((b) => after.some((a) => sameId(a, b) && !samePayload(a, b))).length;
  const inserted = after.filter((a) => !before.some((b) => sameId(a, b)) && !kept(a, before)).length;
  return { removed, replaced, inserted, sizeBefore: size(before), sizeAfter: size(after) };
}

/**
 * INV-38: what it says it did is what it did. The outcome the library reports for a step (`PolicyStep.outcome`)
 * matches the observed difference: "compacted" exactly when the list changed, every count it gives equal to the
 * count observed, and tokens saved consistent with what changed (its token count is its own: none when nothing
 * changed, some when messages were only removed, a loss when they were only added) (bug-ops/zeph#2058, RooCodeInc/Roo-Code#7811, thedotmack/claude-mem PR #3096).
 */
export const outcomeAsReported: PolicyCheck = (o) => {
  const said = o.outcome;
  if (said === undefined) return [];
  const seen = observedDifference(o.before, o.after);
  const changed = seen.removed + seen.replaced + seen.inserted > 0;
  const what = `(observed: ${seen.removed} removed, ${seen.replaced} rewritten, ${seen.inserted} inserted; ${o.before.length} → ${o.after.length} messages, ${seen.sizeBefore} → ${seen.sizeAfter} characters)`;
  const out: string[] = [];
  if (said.compacted && !changed) out.push(`in round ${o.round} the library reported that it compacted, but the list is unchanged ${what}.`);
  if (!said.compacted && changed) out.push(`in round ${o.round} the library reported no compaction, but the list changed ${what}: a silent shrink.`);
  const counts: readonly (readonly [keyof PolicyOutcome, number, string])[] = [
    ['removed', seen.removed, 'messages removed'],
    ['replaced', seen.replaced, 'messages rewritten in place'],
    ['inserted', seen.inserted, 'messages inserted'],
    ['messagesBefore', o.before.length, 'messages before'],
    ['messagesAfter', o.after.length, 'messages after'],
  ];
  for (const [field, observed, name] of counts) {
    const reported = said[field];
    if (typeof reported === 'number' && reported !== observed) out.push(`in round ${o.round} the library reported ${reported} ${name} (${field}); prunecheck observed ${observed} ${what}.`);
  }
  // Its tokenizer is its own: only what every tokenizer agrees on is compared (no change, pure removal, pure insertion).
  const saved = said.tokensSaved ?? (said.tokensBefore !== undefined && said.tokensAfter !== undefined ? said.tokensBefore - said.tokensAfter : undefined);
  if (saved !== undefined) {
    const onlyRemoved = seen.removed > 0 && seen.replaced + seen.inserted === 0;
    const onlyInserted = seen.inserted > 0 && seen.removed + seen.replaced === 0;
    if (!changed && saved !== 0) out.push(`in round ${o.round} the library reported ${saved} tokens saved, but the list is unchanged ${what}.`);
    if (onlyRemoved && saved <= 0) out.push(`in round ${o.round} the library reported ${saved} tokens saved, but it only removed messages ${what}.`);
    if (onlyInserted && saved >= 0) out.push(`in round ${o.round} the library reported ${saved} tokens saved, but it only added messages ${what}.`);
  }
  return out;
};
