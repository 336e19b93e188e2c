import type { ClaimOp } from './Operation.ts';
import type { ClaimVerdict, LookupAnswer, LostWhy } from './Outcome.ts';
import type { ReferenceRuntime } from './ReferenceRuntime.ts';
import type { Span } from './Span.ts';
import type { Tombstone } from './Tombstone.ts';

/**
 * INV-04: a lookup never answers "absent" for an id the runtime has seen. O(k) in the span's sources.
 * - resident: in the window;
 * - recoverable: evicted reversibly and the backing copy still reads present (handle and content);
 * - derivable: evicted as derivable under the current frame epoch, every source resident or recoverable;
 * - tombstoned: known lost (lossy commitment, expired copy, a copy changed since the eviction, lost sources, or
 *   a re-frame since a derivable eviction): the digest, never the content;
 * - absent: never seen in this episode.
 */
export function answerLookup(rt: ReferenceRuntime, spanId: string): LookupAnswer {
  const span = rt.span(spanId);
  if (span?.resident === true) return { kind: 'resident', spanId, span: rt.view(span) };
  return answerNotResident(rt, spanId, span);
}

/** What a lookup answers for an id not in the window; `span` is its record, if it was ever seen. */
function answerNotResident(rt: ReferenceRuntime, spanId: string, span: Span | undefined): LookupAnswer {
  const tombstone = span?.tombstone;
  if (tombstone === undefined) return { kind: 'absent', spanId };
  switch (tombstone.mode) {
    case 'lossy':
      return lost(spanId, tombstone, 'lossy');
    case 'reversible': {
      // The eviction's copy is the span's latest one unless it was persisted again since: then read it by handle.
      const copy = span?.copy;
      const read = tombstone.handle === undefined ? undefined : copy?.handle === tombstone.handle ? rt.store.readCopy(copy) : rt.store.read(tombstone.handle);
      if (read?.status !== 'present' || tombstone.handle === undefined) return lost(spanId, tombstone, 'expired');
      // D-25: the copy is checked against the tombstone's digest; other bytes are a stale result, never the span.
      if (read.digest !== tombstone.digest) return lost(spanId, tombstone, 'stale');
      return { kind: 'recoverable', spanId, handle: tombstone.handle, content: read.content };
    }
    case 'derivable': {
      // Derivability is frame-relative (seed 001): after a re-frame the span is retrievable-only, and it has no copy.
      if (tombstone.frameEpoch !== rt.frameEpoch) return lost(spanId, tombstone, 'reframed');
      const available = tombstone.derivationChain.every((id) => {
        if (rt.window.has(id)) return true;
        const source = rt.tombstones.get(id);
        if (source?.mode !== 'reversible' || source.handle === undefined) return false;
        const read = rt.store.read(source.handle);
        return read.status === 'present' && read.digest === source.digest;
      });
      return available ? { kind: 'derivable', spanId, sources: tombstone.derivationChain } : lost(spanId, tombstone, 'sources-lost');
    }
  }
}

function lost(spanId: string, tombstone: Tombstone, why: LostWhy): LookupAnswer {
  return { kind: 'tombstoned', spanId, digest: tombstone.digest, why };
}

/**
 * INV-10 (seed 000 `assert_complete_for`, tightened by D-01): only resident or recoverable raw spans
 * substantiate; a tombstone is a gap, not evidence; summaries and derived spans support "derived-only".
 */
export function judgeClaim(rt: ReferenceRuntime, op: ClaimOp): ClaimVerdict {
  if (op.negative === true) return judgeNegativeClaim(rt, op);
  const lostIds: string[] = [];
  const unknownIds: string[] = [];
  const derivedIds: string[] = [];
  for (const id of op.requiredIds) {
    // The lookup's answer without the view of a resident span, which a claim does not need.
    const span = rt.span(id);
    const kind = span?.resident === true ? 'resident' : answerNotResident(rt, id, span).kind;
    if (kind === 'tombstoned') lostIds.push(id);
    else if (kind === 'absent') unknownIds.push(id);
    else if (span?.kind !== 'raw') derivedIds.push(id);
  }
  if (lostIds.length > 0) return { kind: 'gap', claim: op.claim, lostIds };
  if (unknownIds.length > 0) return { kind: 'unfounded', claim: op.claim, unknownIds };
  if (derivedIds.length > 0) return { kind: 'derived-only', claim: op.claim, derivedIds };
  return { kind: 'substantiated', claim: op.claim };
}

/**
 * INV-28 (seed 000: "no claim may depend on the completeness of the window"; (a): never assert that a fact "was
 * never observed" from its absence): a negative claim is judged over every raw observation in its scope the
 * runtime has seen, not over the window. It is `unfounded` while any of them is known lost (lossy, expired or
 * stale: it lives only in summaries, or nowhere), with those ids; `substantiated` when each is resident or
 * recoverable, so the window plus the store is complete for it. O(spans seen).
 */
export function judgeNegativeClaim(rt: ReferenceRuntime, op: ClaimOp): ClaimVerdict {
  const lostIds: string[] = [];
  for (const span of rt.knownSpans()) {
    if (span.kind !== 'raw' || (op.rawKinds !== undefined && !op.rawKinds.includes(span.rawKind ?? 'other'))) continue;
    if (span.resident !== true && answerNotResident(rt, span.id, span).kind === 'tombstoned') lostIds.push(span.id);
  }
  return lostIds.length > 0 ? { kind: 'unfounded', claim: op.claim, unknownIds: [], lostIds } : { kind: 'substantiated', claim: op.claim };
}
