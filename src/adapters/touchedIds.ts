import type { Operation } from '../model/Operation.ts';
import type { Outcome } from '../model/Outcome.ts';

/** The span ids an operation names: observed before and after it runs. O(k) in the operation's arguments. */
export function idsNamedBy(op: Operation): string[] {
  switch (op.kind) {
    case 'append': return [op.span.id, ...(op.span.sources ?? [])];
    case 'persist': case 'edit': case 'overwrite': case 'prune': case 'restore': case 'lookup': return [op.spanId];
    case 'rotate': return [...(op.spanIds ?? [])];
    case 'summarize': return [op.summaryId, ...op.sourceIds];
    case 'reframe': return [...Object.keys(op.scores ?? {}), ...Object.keys(op.derivations ?? {})];
    case 'claim': return [...op.requiredIds];
    case 'compact': case 'callTool': case 'setVersion': return [];
  }
}

/** The span ids an outcome names beyond its operation's (what a compaction or re-frame touched). */
export function idsNamedByOutcome(outcome: Outcome): string[] {
  switch (outcome.kind) {
    case 'compacted': return [...outcome.evicted.map((e) => e.spanId), ...outcome.refused];
    case 'reframed': return [...outcome.floored, ...outcome.derivable];
    default: return [];
  }
}
