/**
 * What the runtime writes into the window about spans that are no longer there, so the model can see its own
 * holes (seed 002, "Decision Boundary"; seed 001 gap markers). At most one entry per span id: the latest.
 *
 * - `handle`: pruned reversibly; the handle re-expands it (gap marker with a resolvable pointer).
 * - `derivable`: pruned because it is recomputable from the named resident sources.
 * - `lossy`: "pruned, unrecoverable, contents unknown": the in-window tombstone of a lossy commitment.
 * - `rejected`: a directive on this span was refused; the span stays and the model is told why (INV-12).
 */
export type IndexEntry =
  | { readonly kind: 'handle'; readonly spanId: string; readonly handle: string }
  | { readonly kind: 'derivable'; readonly spanId: string; readonly sources: readonly string[] }
  | { readonly kind: 'lossy'; readonly spanId: string; readonly text: string }
  | { readonly kind: 'rejected'; readonly spanId: string; readonly reason: string; readonly step: number };

/** The in-window text of a lossy tombstone, as seed 002 words it. */
export function lossyMarkerText(spanId: string): string {
  return `${spanId}: pruned, unrecoverable, contents unknown`;
}
