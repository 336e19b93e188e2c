import type { Outcome } from '../../model/Outcome.ts';
import { sameElements } from '../../util/sameElements.ts';

const sorted = (ids: readonly string[]): string[] => [...ids].sort();

/**
 * The decision an outcome states (its kind, ids, mode, reason, verdict): where it differs, `checkOutcome`
 * attributes the difference to the rule deciding the reference's answer. The rest of the outcome (figures, nested
 * tombstone and ledger records, logged checks) is compared field by field after the finer checks, by the table of
 * declared choices (`answerFields.ts`, the `everyField` observation check), so no field goes uncompared.
 */
export function normalizeOutcome(outcome: Outcome): unknown {
  switch (outcome.kind) {
    case 'evicted': return { kind: outcome.kind, spanId: outcome.spanId, mode: outcome.mode, safeClaim: outcome.safeClaim ?? null };
    case 'rejected': return { kind: outcome.kind, spanId: outcome.spanId, reason: outcome.reason, safeClaim: outcome.safeClaim ?? null };
    case 'window-full': return { kind: outcome.kind, spanId: outcome.spanId };
    case 'appended': case 'persisted': case 'edited': case 'restored':
      return { kind: outcome.kind, spanId: outcome.spanId };
    case 'rotated': return { kind: outcome.kind, expired: sorted(outcome.expired) };
    case 'overwritten': return { kind: outcome.kind, spanId: outcome.spanId };
    case 'summarized': return { kind: outcome.kind, summaryId: outcome.summaryId, sourceIds: sorted(outcome.sourceIds) };
    case 'reframed': return { kind: outcome.kind, frame: outcome.frame, floored: sorted(outcome.floored), derivable: sorted(outcome.derivable) };
    case 'compacted': return {
      kind: outcome.kind,
      evicted: [...outcome.evicted].map((e) => `${e.spanId}:${e.mode}`).sort(),
      refused: sorted(outcome.refused),
    };
    case 'resident': return { kind: outcome.kind, spanId: outcome.spanId };
    case 'recoverable': return { kind: outcome.kind, spanId: outcome.spanId, content: outcome.content };
    case 'derivable': return { kind: outcome.kind, spanId: outcome.spanId, sources: sorted(outcome.sources) };
    case 'tombstoned': return { kind: outcome.kind, spanId: outcome.spanId, why: outcome.why };
    case 'absent': return { kind: outcome.kind, spanId: outcome.spanId };
    case 'substantiated': return { kind: outcome.kind };
    case 'derived-only': return { kind: outcome.kind, ids: sorted(outcome.derivedIds) };
    case 'gap': return { kind: outcome.kind, ids: sorted(outcome.lostIds) };
    case 'unfounded': return { kind: outcome.kind, ids: sorted(outcome.unknownIds), lost: sorted(outcome.lostIds ?? []) };
    case 'executed': return { kind: outcome.kind, signature: outcome.signature };
    case 'duplicate': case 'unreconciled': return { kind: outcome.kind, signature: outcome.signature, requestId: outcome.original.requestId };
    case 'too-soon': return { kind: outcome.kind, signature: outcome.signature, requestId: outcome.original.requestId, retryAt: outcome.retryAt };
    case 'versioned': return { kind: outcome.kind, modelVersion: outcome.modelVersion, policyVersion: outcome.policyVersion };
  }
}

/**
 * Whether two outcomes state the same decision: their normal forms are identical (compared as they are, nothing
 * serialized), or, failing that, serialize the same (JSON's reading of a non-finite number or an absent field).
 */
export function sameOutcome(a: Outcome, b: Outcome): boolean {
  if (agreesAtOnce(a, b)) return true;
  const left = normalizeOutcome(a);
  const right = normalizeOutcome(b);
  return identical(left, right) || JSON.stringify(left) === JSON.stringify(right);
}

/** The same primitives, arrays and plain records (keys in the same order): what serializes the same for sure. */
function identical(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!identical(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] as string;
    if (other[i] !== key || !identical((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * Whether the common outcomes agree on every field `normalizeOutcome` reads, compared as they are (lists in the same order, so
 * their sorted copies agree too): then their normal forms are identical, and `sameOutcome` answers true without building them (about 1 % of a checked step).
 * False says nothing: the normal forms are compared as before.
 */
function agreesAtOnce(a: Outcome, b: Outcome): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'appended': case 'persisted': case 'edited': case 'restored': case 'overwritten': case 'resident': case 'absent': case 'window-full':
      return a.spanId === (b as typeof a).spanId;
    case 'evicted': {
      const other = b as typeof a;
      return a.spanId === other.spanId && a.mode === other.mode && a.safeClaim === other.safeClaim;
    }
    case 'rejected': {
      const other = b as typeof a;
      return a.spanId === other.spanId && a.reason === other.reason && a.safeClaim === other.safeClaim;
    }
    case 'executed': return a.signature === (b as typeof a).signature;
    case 'rotated': return sameElements(a.expired, (b as typeof a).expired);
    case 'summarized': {
      const other = b as typeof a;
      return a.summaryId === other.summaryId && sameElements(a.sourceIds, other.sourceIds);
    }
    case 'reframed': {
      const other = b as typeof a;
      return a.frame === other.frame && sameElements(a.floored, other.floored) && sameElements(a.derivable, other.derivable);
    }
    default: return false;
  }
}
