/**
 * The shortest trace that breaks each broken runtime, computed by hand from its one deviation and the operations
 * the harness generates (windows from 6 tokens, appends of 1 to 1,500 tokens, every state rechecked at the end of
 * a run), each with why no shorter trace can break it. The zoo at 36 seeds holds every shrunk counterexample to
 * this length plus one, and to no less (a shorter one would mean the reasoning here is wrong).
 */
export interface MinimalTrace {
  readonly length: number;
  /** The shortest trace, and why nothing shorter breaks the rule. */
  readonly why: string;
}

export const MINIMAL_TRACES: Readonly<Record<string, MinimalTrace>> = {
  'no-external-tombstone': { length: 2, why: 'append (persisted) + compact: only a compaction evicts without a tombstone, and it needs a span to evict' },
  'tombstone-in-window-only': { length: 2, why: 'append + prune accepting loss: the lossy eviction is the deviation, and it needs a span' },
  'digest-wrong-bytes': { length: 2, why: 'append (over 16 characters) + an eviction: a digest is written only when a span leaves' },
  'ignores-content-change': { length: 5, why: 'append (persisted) + evict + restore + edit + prune: the content must change after a tombstone, which needs an eviction, a restore (only a resident span is edited) and the edit, then the re-eviction' },
  'trusts-safe-claim': { length: 2, why: 'append + prune claiming safe: the claim is the deviation, and it needs a resident span' },
  'checks-store-at-summarize': { length: 4, why: 'append (persisted) + summarize + rotate (or edit, overwrite) + prune: the check cached at the summary must be made stale before the gate' },
  'lossy-without-marker': { length: 2, why: 'append + prune accepting loss' },
  'echoes-safe-claim': { length: 2, why: 'append + prune claiming safe, with no lossless route: the claim must be refuted' },
  'store-provenance-only': { length: 2, why: 'append (persisted, in a store that cannot tell absent from expired) + prune' },
  'answers-absent-for-pruned': { length: 3, why: 'append + prune accepting loss + lookup: only a lookup answers, and only of a span lost by an eviction' },
  'trusts-stale-copy': { length: 4, why: 'append (persisted) + evict reversibly + overwrite + lookup or restore: the copy must change after the eviction, then be read' },
  'provenance-step-of-source': { length: 2, why: 'append + summarize it: the summary is written a step after its newest source, and its marker is observed right after' },
  'resummarizes-without-chain': { length: 3, why: 'append + summarize + summarize the summary' },
  'raw-derivable': { length: 3, why: 'append + summarize it + prune the raw span: it must be covered by a resident summary' },
  'no-raw-floor': { length: 2, why: 'append + compact above its score' },
  'no-reframe-invalidation': { length: 3, why: 'append + append derived from it + re-frame: a derivation must stand before the re-frame ends it' },
  'accepts-loss-of-reframed': { length: 4, why: 'append + append derived + re-frame (flooring it) + prune accepting loss' },
  'retries-not-deduplicated-after-eviction': { length: 2, why: 'call + the same call: with no resident span mentioning it, the second goes out' },
  'retries-are-duplicates': { length: 2, why: 'a failed call + its retry' },
  'ignores-retry-after': { length: 2, why: 'a call failing with a retry-after + its retry before it passes' },
  'retries-unknown-outcome': { length: 2, why: 'a call with an unknown outcome + its retry without the key' },
  'tombstone-counts-as-evidence': { length: 3, why: 'append + prune accepting loss + a claim resting on it' },
  'version-not-recorded': { length: 3, why: 'setVersion + append + prune or summarize: a versioned artefact needs a span and a version change before it' },
  'audit-log-drops-rejections': { length: 2, why: 'append + a prune the gate refuses: the refusal is the entry the log drops, and the log is read at the end of the run' },
  'rejections-not-surfaced': { length: 2, why: 'append + a prune the gate refuses: a notice is written for a resident span only' },
  'crashes-when-full': { length: 1, why: 'one append larger than the window: the crash replaces window-full' },
  'summary-lowers-sources': { length: 2, why: 'append + summarize it with a lower score' },
  'half-applied-rejection': { length: 2, why: 'append (score above 0) + a refused prune' },
  'summary-outranks-sources': { length: 2, why: 'append + summarize it with a higher score' },
  'negative-claims-trust-window': { length: 3, why: 'append an error + prune accepting loss + "no error occurred"' },
  'markers-cost-nothing': { length: 1, why: 'one append that fits the resident spans but not the one line of room the index keeps (more than capacity less markerTokens): the reference answers window-full, it takes the span in' },
  'markers-never-fold': { length: 4, why: 'append + append + a notice or marker for each (two refused prunes, or an eviction of a span smaller than a line and a refusal): it is the reference until a write would overfill the window, which needs two lines with more than capacity less two lines resident; no generated window is under four lines (markerTokens is at most a quarter of capacity), so a compaction that writes two lines at once evicts all the tokens a three-step trace has, and one span gets one line' },
  'stale-check-by-length': { length: 4, why: 'append (persisted) + evict reversibly + overwrite with other bytes of the same length + lookup or restore: the copy must change after the eviction without changing its length, then be read' },
  'ledger-lru-of-eight': { length: 9, why: 'nine calls of distinct signatures: the ninth pushes the first record out of the cache of eight, and the recheck at the end of the run reads every signature called; eight or fewer fit' },
  'tombstones-capped-at-64': { length: 66, why: '65 appends (persisted, scored low) + one compaction evicting them all: the 65th tombstone drops the first, read by the recheck at the end of the run; each eviction needs a span of its own, and a step creates one span at most' },
  'stale-replica': { length: 2, why: 'append + prune claiming safe: every other session trusts the claim' },
};
