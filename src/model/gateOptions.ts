import type { GateDecision, GateOption, Gatekeeper } from './Chooser.ts';
import type { InvariantId } from './invariants.ts';
import type { BackingCheck, EvictionMode, RejectionReason } from './Outcome.ts';
import type { ReferenceRuntime } from './ReferenceRuntime.ts';
import type { Span } from './Span.ts';

const MODES: readonly EvictionMode[] = ['derivable', 'reversible', 'lossy'];

/**
 * Every answer the gate (spec/SPEC.md §3) could give for a resident span, each allowed or forbidden with the
 * rule that forbids it, the reference's preference first. Evaluated at execution time, against the runtime's
 * own view of its store (INV-03). `by: 'compact'` is the retention policy: it never accepts loss and never
 * evicts a floored span (INV-07, INV-08).
 *
 * Determined: a changed span is refused (INV-02); a span that can leave without loss does not stay and does
 * not leave lossily (INV-03); loss needs `acceptLossy`, and is refused (`floored`) for a span a re-frame floored
 * (INV-08, D-20). The runtime's choice (C-1): when a span is both derivable and has a resolvable pointer, it may
 * leave as either.
 */
export function gateOptions(rt: ReferenceRuntime, span: Span, acceptLossy: boolean, by: Gatekeeper): GateOption[] {
  const check = rt.backingCheck(span);
  const options: GateOption[] = [];
  const evict = (mode: EvictionMode): GateDecision => ({ kind: 'evict', mode, check });
  const reject = (reason: RejectionReason): GateDecision => ({ kind: 'reject', reason, check });
  const allow = (decision: GateDecision): void => void options.push({ decision, allowed: true });
  const forbid = (decision: GateDecision, rule: InvariantId | undefined): void => void options.push({ decision, allowed: false, rule });

  if (rt.contentChanged(span)) {
    allow(reject('content-changed'));
    for (const mode of MODES) forbid(evict(mode), 'INV-02');
    forbid(reject('not-reversible'), 'INV-02');
    return options;
  }
  if (by === 'compact' && rt.effectiveScore(span) === Number.POSITIVE_INFINITY) {
    allow(reject('not-reversible'));
    const floor: InvariantId = span.kind === 'raw' ? 'INV-07' : 'INV-08';
    for (const mode of MODES) forbid(evict(mode), mode === 'derivable' && span.kind === 'raw' ? 'INV-06' : floor);
    forbid(reject('content-changed'), undefined);
    return options;
  }

  const derivable = rt.isDerivable(span);
  const reversible = isResolvable(check);
  if (derivable) allow(evict('derivable'));
  if (reversible) allow(evict('reversible'));
  const lossless = derivable || reversible;
  // D-20: loss is accepted except of a span a re-frame floored (its derivability flipped and nothing backs it).
  const refusedLoss = !lossless && acceptLossy && by === 'prune' && span.floored;
  const lossy = !lossless && acceptLossy && by === 'prune' && !span.floored;
  if (lossy) allow(evict('lossy'));
  if (refusedLoss) allow(reject('floored'));
  else if (!lossless && !lossy) allow(reject('not-reversible'));

  if (!derivable) forbid(evict('derivable'), span.kind === 'raw' ? 'INV-06' : rt.derivationLapsed(span) ? 'INV-08' : 'INV-03');
  if (!reversible) forbid(evict('reversible'), 'INV-03');
  // A lossless route open: refusing the span, or destroying it needlessly, breaks the gate (INV-03).
  if (!lossy) forbid(evict('lossy'), lossless ? 'INV-03' : refusedLoss ? 'INV-08' : 'INV-03');
  if (lossless || lossy) forbid(reject('not-reversible'), 'INV-03');
  else if (refusedLoss) forbid(reject('not-reversible'), 'INV-08');
  if (!refusedLoss) forbid(reject('floored'), lossless || lossy ? 'INV-03' : undefined);
  forbid(reject('content-changed'), undefined);
  return options;
}

/** Seed 002's three conditions together: the span has a resolvable pointer. */
export function isResolvable(check: BackingCheck): boolean {
  return check.existence && check.addressable && check.provenance;
}
