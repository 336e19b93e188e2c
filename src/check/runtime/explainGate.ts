import type { GateDecision, GateOption, Gatekeeper } from '../../model/Chooser.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Span } from '../../model/Span.ts';
import { referenceClause, systemClause, type Clause } from '../Clause.ts';
import type { SpanExplainer } from './explainSpan.ts';

/** A gate decision as one word: `evicted as reversible`, `rejected (not-reversible)`. */
export function decisionText(decision: GateDecision, by: Gatekeeper): string {
  if (decision.kind === 'evict') return `evicted as ${decision.mode}`;
  return by === 'compact' ? 'refused' : `rejected (${decision.reason})`;
}

/**
 * Why the gate may not give `wanted` for `span` (a forbidden option of `gateOptions`), in sentences about the
 * span's state and history: the rule that decides, then the facts that decide it.
 */
export function explainForbidden(explain: SpanExplainer, span: Span, wanted: Extract<GateOption, { allowed: false }>, by: Gatekeeper, op: Operation, step: number): Clause[] {
  const { decision, rule } = wanted;
  if (rule === 'INV-02') return explain.contentChanged(span);
  if (by === 'compact' && (rule === 'INV-07' || (rule === 'INV-08' && decision.kind === 'evict' && decision.mode !== 'derivable') || (rule === 'INV-06' && decision.kind === 'evict'))) {
    return [...explain.floored(span), referenceClause('a retention policy never evicts a span on the floor')];
  }
  // D-20: the span was floored by a re-frame, so accepting loss does not make it leave; the refusal says `floored`.
  if (by === 'prune' && rule === 'INV-08' && op.kind === 'prune' && op.acceptLossy === true && span.floored) {
    const accepted = systemClause(`the directive accepted loss of ${span.id}`, { kind: 'asked', step, shape: { kind: 'prune', acceptLossy: true } });
    return [...explain.floored(span), ...explain.noPointer(span), accepted, referenceClause(`a span a re-frame floored is not given up on the model's say-so: the prune is refused (floored) until it has a resolvable pointer or a re-frame re-declares its derivation (D-20)`)];
  }
  if (decision.kind === 'reject') {
    const lossless = explain.lossless(span);
    if (lossless.length > 0) return [...lossless, referenceClause(`so ${span.id} could leave without loss`)];
    if (op.kind === 'prune' && op.acceptLossy === true) return [systemClause(`the directive accepted loss, so ${span.id} could leave as a lossy commitment`, { kind: 'asked', step, shape: { kind: 'prune', acceptLossy: true } })];
    return [referenceClause(`by the reference's record, ${span.id}'s content still matches its tombstone's digest`)];
  }
  switch (decision.mode) {
    case 'derivable':
      return explain.notDerivable(span);
    case 'reversible':
      return explain.noPointer(span);
    case 'lossy': {
      const lossless = explain.lossless(span);
      if (lossless.length > 0) return [...lossless, referenceClause(`so ${span.id} could leave without loss, and a lossy commitment destroys it needlessly`)];
      const notAccepted =
        by === 'compact'
          ? referenceClause('a retention policy never commits loss: only the model can accept it')
          : systemClause('the directive did not accept loss', { kind: 'asked', step, shape: { kind: 'prune', acceptLossy: { $not: true } } });
      return [...explain.notDerivable(span), ...explain.noPointer(span), notAccepted];
    }
  }
}
