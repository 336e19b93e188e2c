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

  if (rt.contentChanged(span)) {
    allow(options, reject(check, 'content-changed'));
    for (const mode of MODES) forbid(options, evict(check, mode), 'INV-02');
    forbid(options, reject(check, 'not-reversible'), 'INV-02');
    return options;
  }
  if (by === 'compact' && rt.effectiveScore(span) === Number.POSITIVE_INFINITY) {
    allow(options, reject(check, 'not-reversible'));
    const floor: InvariantId = span.kind === 'raw' ? 'INV-07' : 'INV-08';
    for (const mode of MODES) forbid(options, evict(check, mode), mode === 'derivable' && span.kind === 'raw' ? 'INV-06' : floor);
    forbid(options, reject(check, 'content-changed'), undefined);
    return options;
  }

  const derivable = rt.isDerivable(span);
  const reversible = isResolvable(check);
  if (derivable) allow(options, evict(check, 'derivable'));
  if (reversible) allow(options, evict(check, 'reversible'));
  const lossless = derivable || reversible;
  // D-20: loss is accepted except of a span a re-frame floored (its derivability flipped and nothing backs it).
  const refusedLoss = !lossless && acceptLossy && by === 'prune' && span.floored;
  const lossy = !lossless && acceptLossy && by === 'prune' && !span.floored;
  if (lossy) allow(options, evict(check, 'lossy'));
  if (refusedLoss) allow(options, reject(check, 'floored'));
  else if (!lossless && !lossy) allow(options, reject(check, 'not-reversible'));

  if (!derivable) forbid(options, evict(check, 'derivable'), span.kind === 'raw' ? 'INV-06' : rt.derivationLapsed(span) ? 'INV-08' : 'INV-03');
  if (!reversible) forbid(options, evict(check, 'reversible'), 'INV-03');
  // A lossless route open: refusing the span, or destroying it needlessly, breaks the gate (INV-03).
  if (!lossy) forbid(options, evict(check, 'lossy'), lossless ? 'INV-03' : refusedLoss ? 'INV-08' : 'INV-03');
  if (lossless || lossy) forbid(options, reject(check, 'not-reversible'), 'INV-03');
  else if (refusedLoss) forbid(options, reject(check, 'not-reversible'), 'INV-08');
  if (!refusedLoss) forbid(options, reject(check, 'floored'), lossless || lossy ? 'INV-03' : undefined);
  forbid(options, reject(check, 'content-changed'), undefined);
  return options;
}

/** The gate's decisions and options, made by functions of the module: no closure per decision (each is named under tsx). */
function evict(check: BackingCheck, mode: EvictionMode): GateDecision {
  return { kind: 'evict', mode, check };
}

function reject(check: BackingCheck, reason: RejectionReason): GateDecision {
  return { kind: 'reject', reason, check };
}

function allow(options: GateOption[], decision: GateDecision): void {
  options.push({ decision, allowed: true });
}

function forbid(options: GateOption[], decision: GateDecision, rule: InvariantId | undefined): void {
  options.push({ decision, allowed: false, rule });
}

/** Seed 002's three conditions together: the span has a resolvable pointer. */
export function isResolvable(check: BackingCheck): boolean {
  return check.existence && check.addressable && check.provenance;
}
