import type { InvariantId } from './invariants.ts';
import type { BackingCheck, EvictionMode, RejectionReason } from './Outcome.ts';
import type { Span } from './Span.ts';

/** The decision of the prune gate: how the span may leave, or why it may not. */
export type GateDecision =
  | { readonly kind: 'evict'; readonly mode: EvictionMode; readonly check: BackingCheck }
  | { readonly kind: 'reject'; readonly reason: RejectionReason; readonly check: BackingCheck };

/** Who asks the gate: the model's `prune` directive, or the runtime's own retention policy (`compact`). */
export type Gatekeeper = 'prune' | 'compact';

/**
 * One answer the gate could give for a span, and whether spec/SPEC.md allows it now. A forbidden option names
 * the invariant that forbids it, or `undefined` when no single invariant does (the operation's contract in
 * SPEC.md §3 decides: a lossless route was open and the span was refused, or left lossily).
 */
export type GateOption =
  | { readonly decision: GateDecision; readonly allowed: true }
  | { readonly decision: GateDecision; readonly allowed: false; readonly rule: InvariantId | undefined };

/** One refusal a directive may answer when several apply (spec/SPEC.md §7, C-3). */
export type Refusal =
  | { readonly kind: 'rejected'; readonly spanId: string; readonly reason: RejectionReason }
  | { readonly kind: 'window-full'; readonly spanId: string; readonly needed: number };

/**
 * The choice points of spec/SPEC.md §7: where the spec leaves a runtime free, the reference asks a chooser
 * instead of deciding. `REFERENCE_CHOOSER` makes the reference's own choices; the conformance engine passes one
 * that follows the system under test, so both stay in lock-step whatever allowed choice the system made
 * (refinement checking, as Knossos and Porcupine accept any valid linearization).
 *
 * Contract: `gate` answers the decision of one of `options` (normally an allowed one: a chooser that picks a
 * forbidden option forces the reference into a state the spec forbids, which the engine does only to follow a
 * system past a finding on an invariant it does not claim); `compactionOrder` answers a permutation of
 * `candidates`; `refusal` answers one of `options`, all of which are allowed.
 */
export interface Chooser {
  /** C-1 (and forcing): how the span leaves, or why it stays, among the gate's options. */
  gate(span: Span, options: readonly GateOption[], by: Gatekeeper): GateDecision;
  /** C-2: the order in which a compaction puts its candidates through the gate. */
  compactionOrder(candidates: readonly Span[]): readonly Span[];
  /** C-3: which refusal a directive answers when several apply. */
  refusal(options: readonly Refusal[]): Refusal;
}

/** The first allowed option: the gate's options list the reference's preference first. */
export function firstAllowed(options: readonly GateOption[]): GateDecision {
  const allowed = options.find((o) => o.allowed);
  if (allowed === undefined) throw new Error('the gate offered no allowed option; this is a bug in the reference model');
  return allowed.decision;
}

/**
 * The reference's own choices: derivable before reversible (SPEC.md §3's order), lowest base score first and
 * the oldest span first among equal scores, and the first refusal in the order the directive's checks run.
 */
export const REFERENCE_CHOOSER: Chooser = {
  gate: (_span, options) => firstAllowed(options),
  compactionOrder: (candidates) => [...candidates].sort((a, b) => a.score - b.score || a.appendedAt - b.appendedAt),
  refusal: (options) => options[0] as Refusal,
};
