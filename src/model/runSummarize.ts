import type { SummarizeOp } from './Operation.ts';
import type { Rejected, Summarized, WindowFull } from './Outcome.ts';
import { DEFAULT_SCORE, type ReferenceRuntime } from './ReferenceRuntime.ts';
import type { Refusal } from './Chooser.ts';
import { estimateTokens } from './Span.ts';

/**
 * Writes a summary span (INV-05, seed 000 "Operational Effect" (b)):
 * - every source must be resident (a model summarizes what it sees), and the summary must fit (INV-13);
 * - a source that already carries a provenance marker is refused unless the directive escalates, so
 *   summaries-of-summaries are always deliberate and their chain is kept;
 * - the summary's direct sources are recorded; its full chain is the closure over them, never dropped;
 * - the sources' retention scores are left exactly as they were (INV-14, seed 001's coupling).
 * Sources stay resident: dropping them is a separate prune, gated when it executes (seed 002).
 */
export function runSummarize(rt: ReferenceRuntime, op: SummarizeOp): Summarized | Rejected | WindowFull {
  // Every refusal that applies; which one is answered is the runtime's choice (C-3). The reference's order is
  // the order its checks run: residency, then provenance, then capacity.
  const refusals: Refusal[] = [];
  for (const id of op.sourceIds) {
    const span = rt.window.get(id);
    if (span === undefined) refusals.push({ kind: 'rejected', spanId: id, reason: 'not-resident' });
  }
  if (op.escalate !== true) {
    for (const id of op.sourceIds) {
      if (rt.window.get(id)?.provenance !== undefined) refusals.push({ kind: 'rejected', spanId: id, reason: 'already-derived' });
    }
  }
  const tokens = op.tokens ?? estimateTokens(op.content);
  if (!rt.window.fits(tokens)) refusals.push({ kind: 'window-full', spanId: op.summaryId, needed: tokens });
  if (refusals.length > 0) return rt.refuse(refusals);
  rt.admit({
    id: op.summaryId,
    kind: 'summary',
    rawKind: undefined,
    content: op.content,
    tokens,
    score: op.score ?? DEFAULT_SCORE,
    floored: false,
    sources: [...op.sourceIds],
    derivationFrame: undefined,
    provenance: { derived: true, modelVersion: rt.modelVersion, policyVersion: rt.policyVersion, step: rt.step },
    tokenRange: rt.claimTokenRange(tokens),
    appendedAt: rt.step,
    digestCache: undefined,
  });
  return { kind: 'summarized', summaryId: op.summaryId, sourceIds: [...op.sourceIds] };
}
