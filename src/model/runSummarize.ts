import type { SummarizeOp } from './Operation.ts';
import type { Rejected, Summarized, WindowFull } from './Outcome.ts';
import { DEFAULT_SCORE, type ReferenceRuntime } from './ReferenceRuntime.ts';
import type { Refusal } from './Chooser.ts';
import { estimateTokens } from './Span.ts';
import { SpanRecord } from './SpanRecord.ts';

/**
 * Writes a summary span (INV-05, seed 000 "Operational Effect" (b)):
 * - every source must be resident (a model summarizes what it sees), and the summary must fit (INV-13);
 * - a source that already carries a provenance marker is refused unless the directive escalates, so
 *   summaries-of-summaries are always deliberate and their chain is kept;
 * - the summary's direct sources are recorded; its full chain is the closure over them, never dropped;
 * - the sources' retention scores are left exactly as they were (INV-14, seed 001's coupling);
 * - the summary's own score never exceeds the lowest of its sources' base scores (its ceiling, INV-27): the
 *   model that wrote it cannot rank it above the evidence it was drawn from (seed 000's self-reinforcement).
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
  const ceiling = summaryCeiling(rt, op.sourceIds);
  rt.admit(
    new SpanRecord({
      id: op.summaryId,
      kind: 'summary',
      rawKind: undefined,
      content: op.content,
      tokens,
      score: Math.min(op.score ?? DEFAULT_SCORE, ceiling),
      sources: [...op.sourceIds],
      ceiling,
      derivationFrame: undefined,
      provenance: { derived: true, modelVersion: rt.modelVersion, policyVersion: rt.policyVersion, step: rt.step },
      tokenStart: rt.claimTokens(tokens),
      appendedAt: rt.step,
    }),
  );
  return { kind: 'summarized', summaryId: op.summaryId, sourceIds: [...op.sourceIds] };
}

/** The lowest base score among `sourceIds` (all resident when a summary is written): the summary's ceiling (INV-27). */
export function summaryCeiling(rt: ReferenceRuntime, sourceIds: readonly string[]): number {
  let ceiling = Number.POSITIVE_INFINITY;
  for (const id of sourceIds) ceiling = Math.min(ceiling, rt.span(id)?.score ?? Number.POSITIVE_INFINITY);
  return ceiling;
}
