import type { CallStatus } from './Operation.ts';
import type { SpanView } from './Span.ts';
import type { Tombstone } from './Tombstone.ts';

/**
 * The runtime's backing-store check for a prune, performed by the runtime at execution time (seed 002,
 * "Condition of Validity"): existence of a durable copy, addressability through a handle, and provenance (the
 * store answers "expired" distinctly from "absent").
 */
export interface BackingCheck {
  readonly existence: boolean;
  readonly addressable: boolean;
  readonly provenance: boolean;
  readonly handle: string | undefined;
}

/** How a span left the window. */
export type EvictionMode = 'derivable' | 'reversible' | 'lossy';

/** Why a directive changed nothing. Surfaced into the window as a rejection notice where it names a span. */
export type RejectionReason =
  | 'not-resident'
  | 'not-reversible'
  | 'content-changed'
  | 'already-derived'
  | 'not-recoverable'
  /** A restore whose backing copy no longer hashes to the evicted bytes: it was changed after the eviction. */
  | 'stale'
  /** Loss was accepted, but a re-frame floored the span: its derivability flipped and nothing backs it (D-20). */
  | 'floored';

/**
 * The runtime's answer to a model's `claimSafe` (D-21): `upheld` when its own check found the span derivable or
 * backed by a resolvable pointer, `refuted` otherwise. Present exactly when the prune carried `claimSafe: true`.
 */
export type SafeClaim = 'upheld' | 'refuted';

export interface Rejected {
  readonly kind: 'rejected';
  readonly spanId: string;
  readonly reason: RejectionReason;
  readonly check?: BackingCheck;
  readonly safeClaim?: SafeClaim;
}

/** Capacity reached and nothing was changed; the caller may free space (for instance accepting loss) and retry. */
export interface WindowFull {
  readonly kind: 'window-full';
  readonly spanId: string;
  readonly needed: number;
  readonly used: number;
  readonly capacity: number;
}

export interface Appended {
  readonly kind: 'appended';
  readonly spanId: string;
  readonly handle: string | undefined;
}

export interface Persisted {
  readonly kind: 'persisted';
  readonly spanId: string;
  readonly handle: string;
}

export interface Rotated {
  readonly kind: 'rotated';
  readonly expired: readonly string[];
}

export interface Overwritten {
  readonly kind: 'overwritten';
  readonly spanId: string;
}

export interface Edited {
  readonly kind: 'edited';
  readonly spanId: string;
  readonly tokens: number;
}

export interface Evicted {
  readonly kind: 'evicted';
  readonly spanId: string;
  readonly mode: EvictionMode;
  readonly handle: string | undefined;
  readonly check: BackingCheck | undefined;
  readonly tombstone: Tombstone;
  readonly safeClaim?: SafeClaim;
}

export interface Summarized {
  readonly kind: 'summarized';
  readonly summaryId: string;
  readonly sourceIds: readonly string[];
}

export interface Reframed {
  readonly kind: 'reframed';
  readonly frame: string;
  /** Spans whose derivability flipped to false with no resolvable pointer: now floored. */
  readonly floored: readonly string[];
  /** Derived spans whose re-declared derivation the runtime verified under the new frame. */
  readonly derivable: readonly string[];
}

export interface Compacted {
  readonly kind: 'compacted';
  readonly evicted: readonly { readonly spanId: string; readonly mode: EvictionMode }[];
  /** Spans below the threshold that the policy may not evict (floored, or neither derivable nor recoverable). */
  readonly refused: readonly string[];
}

export interface Restored {
  readonly kind: 'restored';
  readonly spanId: string;
}

/**
 * Why a seen id is known lost: a lossy commitment, an expired copy, a copy changed since the eviction (`stale`:
 * its bytes no longer hash to the tombstone's digest), lost sources, or a re-frame since a derivable eviction.
 */
export type LostWhy = 'lossy' | 'expired' | 'stale' | 'sources-lost' | 'reframed';

/**
 * What the runtime knows of an id. Five distinct answers, so "pruned" is never confused with "never existed"
 * (seed 002: the model "interprets the empty result as evidence that the identifier did not exist").
 */
export type LookupAnswer =
  | { readonly kind: 'resident'; readonly spanId: string; readonly span: SpanView }
  | { readonly kind: 'recoverable'; readonly spanId: string; readonly handle: string; readonly content: string }
  | { readonly kind: 'derivable'; readonly spanId: string; readonly sources: readonly string[] }
  | {
      readonly kind: 'tombstoned';
      readonly spanId: string;
      readonly digest: string;
      readonly why: LostWhy;
    }
  | { readonly kind: 'absent'; readonly spanId: string };

/**
 * Whether a claim is supported (seed 000 `assert_complete_for`, tightened by D-01). Precedence: a lost span
 * makes a gap; else an id never seen makes it unfounded; else any derived-only support makes it derived-only.
 */
export type ClaimVerdict =
  | { readonly kind: 'substantiated'; readonly claim: string }
  | { readonly kind: 'derived-only'; readonly claim: string; readonly derivedIds: readonly string[] }
  | { readonly kind: 'gap'; readonly claim: string; readonly lostIds: readonly string[] }
  /** `unknownIds`: ids never seen; `lostIds` (negative claims): raw observations in scope that are known lost. */
  | { readonly kind: 'unfounded'; readonly claim: string; readonly unknownIds: readonly string[]; readonly lostIds?: readonly string[] };

/**
 * A record of one attempt of a side-effecting request, kept outside the window (INV-09): the request, when
 * (step and episode clock), and what the world answered. The ledger answers, per signature, the record that
 * decides its next call: the accepted attempt if there is one, else the latest.
 */
export interface RequestRecord {
  readonly signature: string;
  readonly requestId: string;
  readonly step: number;
  readonly retryAfter: number | undefined;
  readonly status: CallStatus;
  /** The episode clock, in seconds, when the attempt was made. */
  readonly at: number;
  readonly idempotencyKey: string | undefined;
}

/**
 * The effect ledger's answer to a call (D-18): `executed` (it went out), `duplicate` (an attempt was accepted:
 * the effect is done), `too-soon` (the last attempt failed with a retry-after that has not passed: wait until
 * `retryAt`), `unreconciled` (the last attempt's outcome is unknown: retry only with its idempotency key).
 */
export type ToolCallOutcome =
  | { readonly kind: 'executed'; readonly signature: string; readonly requestId: string }
  | { readonly kind: 'duplicate'; readonly signature: string; readonly original: RequestRecord }
  | { readonly kind: 'too-soon'; readonly signature: string; readonly original: RequestRecord; readonly retryAt: number }
  | { readonly kind: 'unreconciled'; readonly signature: string; readonly original: RequestRecord };

export interface Versioned {
  readonly kind: 'versioned';
  readonly modelVersion: string;
  readonly policyVersion: string;
}

/** Every outcome any operation can have. */
export type Outcome =
  | Rejected
  | WindowFull
  | Appended
  | Persisted
  | Rotated
  | Overwritten
  | Edited
  | Evicted
  | Summarized
  | Reframed
  | Compacted
  | Restored
  | LookupAnswer
  | ClaimVerdict
  | ToolCallOutcome
  | Versioned;

export type OutcomeKind = Outcome['kind'];
