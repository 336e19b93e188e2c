import type { IndexEntry } from './IndexEntry.ts';
import type { CompactOp } from './Operation.ts';
import type { Compacted, EvictionMode } from './Outcome.ts';
import type { ReferenceRuntime } from './ReferenceRuntime.ts';
import type { Span } from './Span.ts';

/**
 * The runtime's own retention policy (seed 001 `evict`), O(n log n) in resident spans. Candidates are the spans
 * whose base score is below `threshold` (determined); the chooser orders them (C-2: the reference goes lowest
 * score first, oldest first among equal scores). Each goes through the gate as the policy, which never accepts
 * loss and never evicts a floored span (raw observations without a resolvable pointer, INV-07; spans floored
 * by a re-frame, INV-08), so only derivable or recoverable spans leave. Every candidate the gate lets leave when
 * its turn comes leaves; the rest are refused. Evicting a span can only end another's derivability, never open a
 * route, so the refused ones could not leave at the end either, whatever the order.
 *
 * The markers are written once the gate has passed every candidate, in window order, whatever order the gate
 * took (SPEC.md §7 C-2): so which entries fold, and the order later folds take them in, rest only on which spans
 * left and how, never on the gate order, which an outcome's `evicted` list (a set, C-7) does not show. Writing
 * them after the spans left folds only what the window needs at the end (D-26).
 */
export function runCompact(rt: ReferenceRuntime, op: CompactOp): Compacted {
  const candidates: Span[] = [];
  for (const span of rt.window.spans()) if (span.score < op.threshold) candidates.push(span);

  const evicted: { spanId: string; mode: EvictionMode }[] = [];
  const refused: string[] = [];
  const markers = new Map<string, IndexEntry>();
  for (const span of rt.chooser.compactionOrder(candidates)) {
    const decision = rt.gate(span, false, 'compact');
    if (decision.kind === 'reject') {
      refused.push(span.id);
      continue;
    }
    rt.evict(span, decision.mode, decision.check, markers);
    evicted.push({ spanId: span.id, mode: decision.mode });
  }
  for (const span of candidates) {
    const marker = markers.get(span.id);
    if (marker !== undefined) rt.window.mark(marker);
  }
  return { kind: 'compacted', evicted, refused };
}
