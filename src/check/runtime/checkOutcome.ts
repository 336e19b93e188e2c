import { INVARIANTS, type InvariantId } from '../../model/invariants.ts';
import type { Outcome } from '../../model/Outcome.ts';
import { describeOperation, describeOutcome } from './describeOperation.ts';
import type { Finding } from '../Finding.ts';
import { sameOutcome } from './normalizeOutcome.ts';
import type { StepFacts } from './StepFacts.ts';
import type { FindingKind } from '../../run/CheckReport.ts';

function finding(invariant: FindingKind, facts: StepFacts, ...reasons: string[]): Finding {
  const rule = invariant in INVARIANTS ? `${invariant}: ${INVARIANTS[invariant as InvariantId]}.` : `${invariant}: the system's outcome differs from the reference model's for the same state.`;
  return {
    invariant,
    because: [
      `step ${facts.step}: ${describeOperation(facts.op)}`,
      `the reference answered: ${describeOutcome(facts.expected)}`,
      `the system answered: ${describeOutcome(facts.actual)}`,
      ...reasons,
      rule,
    ],
  };
}

/** Whether a reframe since the span's derivation was declared ended it (for attributing to INV-08). */
function derivationLapsed(facts: StepFacts, spanId: string): boolean {
  const span = facts.reference.span(spanId);
  return span?.kind === 'derived' && span.derivationFrame !== facts.reference.frameEpoch;
}

/** Attributes an evicted-where-it-should-not-be outcome to the rule that forbids it. */
function wrongEviction(facts: StepFacts, spanId: string, mode: string, expected: Outcome | undefined): Finding {
  const kind = facts.reference.span(spanId)?.kind;
  if (mode === 'derivable' && kind === 'raw') return finding('INV-06', facts, `${spanId} is a raw observation; raw observations are never derivable`);
  if (expected?.kind === 'rejected' && expected.reason === 'content-changed') return finding('INV-02', facts, `${spanId} changed since its tombstone was written; the tombstone's digest no longer matches`);
  if (mode === 'derivable' && derivationLapsed(facts, spanId)) return finding('INV-08', facts, `the task was re-framed since ${spanId}'s derivation was declared, so it is no longer derivable`);
  const span = facts.reference.span(spanId);
  const previous = facts.reference.tombstones.get(spanId);
  if (span !== undefined && previous !== undefined && facts.reference.window.has(spanId) && previous.digest !== facts.reference.spanDigest(span)) {
    return finding('INV-02', facts, `${spanId} changed since its tombstone was written; re-evicting it must be refused as content-changed`);
  }
  if (facts.op.kind === 'compact' && kind === 'raw' && span !== undefined && !facts.reference.hasResolvablePointer(span)) return finding('INV-07', facts, `${spanId} is a raw observation with no resolvable pointer: it sits on the retention floor`);
  const resident = facts.reference.window.get(spanId);
  if (facts.op.kind === 'compact' && resident !== undefined && resident.floored) return finding('INV-08', facts, `${spanId} was floored by a re-frame; no policy may evict it`);
  return finding('INV-03', facts, `${spanId} was not derivable, had no verified backing copy, and loss was not accepted: it must stay`);
}

/**
 * The differential check: the system's outcome against the reference's for the same state, with any
 * disagreement attributed to the invariant that forbids it (DIFFERENTIAL when no single rule does).
 */
export function checkOutcome(facts: StepFacts): Finding | undefined {
  const { op, expected, actual } = facts;
  if (sameOutcome(expected, actual)) return undefined;
  switch (op.kind) {
    case 'append': case 'edit': case 'restore':
      if (expected.kind === 'window-full') return finding('INV-13', facts, 'the window had no room; the answer must be window-full with nothing changed');
      return finding(op.kind === 'restore' ? 'INV-04' : 'DIFFERENTIAL', facts);
    case 'prune':
      if (expected.kind === 'rejected' && expected.reason === 'content-changed') {
        return finding('INV-02', facts, `${op.spanId} changed since its tombstone was written; re-evicting it must be refused as content-changed`);
      }
      if (actual.kind === 'evicted' && (expected.kind !== 'evicted' || expected.mode !== actual.mode)) {
        if (expected.kind === 'evicted' && expected.mode !== 'lossy' && actual.mode === 'lossy') return finding('DIFFERENTIAL', facts, 'the span could leave without loss, but the system committed it as lossy');
        return wrongEviction(facts, op.spanId, actual.mode, expected);
      }
      return finding('DIFFERENTIAL', facts);
    case 'summarize':
      if (actual.kind === 'summarized' && expected.kind === 'rejected' && expected.reason === 'already-derived') return finding('INV-05', facts, 'a source already carries a provenance marker; re-summarizing it needs an escalation');
      if (actual.kind === 'summarized' && expected.kind === 'window-full') return finding('INV-13', facts, 'the summary does not fit in the window');
      return finding('DIFFERENTIAL', facts);
    case 'compact': {
      if (actual.kind !== 'compacted' || expected.kind !== 'compacted') return finding('DIFFERENTIAL', facts);
      const allowed = new Map(expected.evicted.map((e) => [e.spanId, e.mode] as const));
      const extra = actual.evicted.find((e) => allowed.get(e.spanId) !== e.mode);
      return extra === undefined ? finding('DIFFERENTIAL', facts) : wrongEviction(facts, extra.spanId, extra.mode, undefined);
    }
    case 'reframe':
      return finding('INV-08', facts, 'a re-frame must end derivations of the old frame and floor the spans whose derivability flipped');
    case 'lookup': {
      const seen = facts.reference.isKnown(op.spanId);
      return finding('INV-04', facts, seen && actual.kind === 'absent' ? `${op.spanId} was seen in this episode; "absent" tells the model it never existed` : 'resident, recoverable, derivable, tombstoned and never-seen are distinct answers');
    }
    case 'claim':
      return finding('INV-10', facts, 'only resident or recoverable raw spans substantiate; a tombstone is a gap, a summary is derived-only');
    case 'callTool':
      return finding('INV-09', facts, 'the request ledger outside the window decides duplicates, whatever the window still holds');
    case 'setVersion':
      return finding('INV-11', facts);
    case 'persist': case 'rotate':
      return finding('DIFFERENTIAL', facts);
  }
}
