import type { CompactOp } from './Operation.ts';
import type { Compacted, EvictionMode } from './Outcome.ts';
import type { ReferenceRuntime } from './ReferenceRuntime.ts';
import type { Span } from './Span.ts';

/**
 * The runtime's own retention policy (seed 001 `evict`), O(n log n) in resident spans: candidates are spans
 * whose base score is below `threshold`, lowest first. Each goes through the same gate as a model's
 * prune without accepting loss, so only derivable or recoverable spans leave; floored spans (raw
 * observations without a resolvable pointer, INV-07; spans floored by a re-frame, INV-08) are refused.
 */
export function runCompact(rt: ReferenceRuntime, op: CompactOp): Compacted {
  const candidates: Span[] = [];
  for (const span of rt.window.spans()) if (span.score < op.threshold) candidates.push(span);
  candidates.sort((a, b) => a.score - b.score || a.appendedAt - b.appendedAt);

  const evicted: { spanId: string; mode: EvictionMode }[] = [];
  const refused: string[] = [];
  for (const span of candidates) {
    if (rt.effectiveScore(span) === Number.POSITIVE_INFINITY) {
      refused.push(span.id);
      continue;
    }
    const decision = rt.gate(span, false);
    if (decision.kind === 'reject') {
      refused.push(span.id);
      continue;
    }
    rt.evict(span, decision.mode, decision.check);
    evicted.push({ spanId: span.id, mode: decision.mode });
  }
  return { kind: 'compacted', evicted, refused };
}
