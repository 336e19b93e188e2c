import type { InvariantId } from '../../model/invariants.ts';
import type { Adapter } from '../../adapters/Adapter.ts';
import { acceptsLossOfReframed } from './AcceptsLossOfReframed.ts';
import { auditLogDropsRejections } from './AuditLogDropsRejections.ts';
import { ledgerLruOfEight } from './LedgerLruOfEight.ts';
import { staleCheckByLength } from './StaleCheckByLength.ts';
import { tombstonesCappedAt64 } from './TombstonesCappedAt64.ts';
import { answersAbsentForPruned } from './AnswersAbsentForPruned.ts';
import { checksStoreAtSummarize } from './ChecksStoreAtSummarize.ts';
import { crashesWhenFull } from './CrashesWhenFull.ts';
import { digestWrongBytes } from './DigestWrongBytes.ts';
import { echoesSafeClaim } from './EchoesSafeClaim.ts';
import { halfAppliedRejection } from './HalfAppliedRejection.ts';
import { ignoresContentChange } from './IgnoresContentChange.ts';
import { lossyWithoutMarker } from './LossyWithoutMarker.ts';
import { markersCostNothing } from './MarkersCostNothing.ts';
import { markersNeverFold } from './MarkersNeverFold.ts';
import { negativeClaimsTrustWindow } from './NegativeClaimsTrustWindow.ts';
import { noExternalTombstone } from './NoExternalTombstone.ts';
import { noRawFloor } from './NoRawFloor.ts';
import { noReframeInvalidation } from './NoReframeInvalidation.ts';
import { provenanceStepOfSource } from './ProvenanceStepOfSource.ts';
import { rawDerivable } from './RawDerivable.ts';
import { rejectionsNotSurfaced } from './RejectionsNotSurfaced.ts';
import { staleReplica } from './StaleReplica.ts';
import { resummarizesWithoutChain } from './ResummarizesWithoutChain.ts';
import { retriesNotDeduplicatedAfterEviction } from './RetriesNotDeduplicatedAfterEviction.ts';
import { retriesAreDuplicates } from './RetriesAreDuplicates.ts';
import { ignoresRetryAfter } from './IgnoresRetryAfter.ts';
import { retriesUnknownOutcome } from './RetriesUnknownOutcome.ts';
import { storeProvenanceOnly } from './StoreProvenanceOnly.ts';
import { summaryLowersSources } from './SummaryLowersSources.ts';
import { summaryOutranksSources } from './SummaryOutranksSources.ts';
import { tombstoneCountsAsEvidence } from './TombstoneCountsAsEvidence.ts';
import { tombstoneInWindowOnly } from './TombstoneInWindowOnly.ts';
import { trustsSafeClaim } from './TrustsSafeClaim.ts';
import { trustsStaleCopy } from './TrustsStaleCopy.ts';
import { versionNotRecorded } from './VersionNotRecorded.ts';

/**
 * The zoo: runtimes that each deviate from the reference in exactly one rule of spec/SPEC.md, paired with the
 * invariant that deviation breaks. Every invariant is broken by at least one member (spec/subjects/zoo/zoo.test.ts).
 */
const ZOO: readonly (readonly [Adapter, InvariantId])[] = [
  [noExternalTombstone, 'INV-01'],
  [tombstoneInWindowOnly, 'INV-01'],
  [digestWrongBytes, 'INV-01'],
  [ignoresContentChange, 'INV-02'],
  [trustsSafeClaim, 'INV-03'],
  [checksStoreAtSummarize, 'INV-03'],
  [lossyWithoutMarker, 'INV-03'],
  [echoesSafeClaim, 'INV-03'],
  [storeProvenanceOnly, 'INV-03'],
  [answersAbsentForPruned, 'INV-04'],
  [trustsStaleCopy, 'INV-04'],
  [resummarizesWithoutChain, 'INV-05'],
  [provenanceStepOfSource, 'INV-05'],
  [rawDerivable, 'INV-06'],
  [noRawFloor, 'INV-07'],
  [noReframeInvalidation, 'INV-08'],
  [acceptsLossOfReframed, 'INV-08'],
  [retriesNotDeduplicatedAfterEviction, 'INV-09'],
  [retriesAreDuplicates, 'INV-09'],
  [ignoresRetryAfter, 'INV-09'],
  [retriesUnknownOutcome, 'INV-09'],
  [tombstoneCountsAsEvidence, 'INV-10'],
  [versionNotRecorded, 'INV-11'],
  [rejectionsNotSurfaced, 'INV-12'],
  [auditLogDropsRejections, 'INV-12'],
  [crashesWhenFull, 'INV-13'],
  [summaryLowersSources, 'INV-14'],
  [halfAppliedRejection, 'INV-15'],
  [summaryOutranksSources, 'INV-27'],
  [negativeClaimsTrustWindow, 'INV-28'],
  [markersCostNothing, 'INV-29'],
  [markersNeverFold, 'INV-29'],
  // Issue 22: caught at every seed since default runs draw same-length edits, pools past 64 and evictions past 64.
  [staleCheckByLength, 'INV-04'],
  [ledgerLruOfEight, 'INV-09'],
  [tombstonesCappedAt64, 'INV-01'],
];

/** The deliberately broken runtimes, as built-in adapters (`prunecheck check --adapter <name>`). */
export const ZOO_ADAPTERS: readonly Adapter[] = ZOO.map(([adapter]) => adapter);

/** For each zoo adapter's name, the invariant its one deviation breaks: what the engine must report. */
export const ZOO_EXPECTATIONS: Readonly<Record<string, InvariantId>> = Object.fromEntries(
  ZOO.map(([adapter, invariant]) => [adapter.name, invariant]),
);

/**
 * Broken runtimes whose failure depends on the session: `check` must report them `diverged` (the re-runs of the
 * shrunk counterexample answer differently), never a plain violation. Each with the invariant it breaks when it
 * does.
 */
export const NONDETERMINISTIC_ZOO: readonly (readonly [Adapter, InvariantId])[] = [[staleReplica, 'INV-03']];


/**
 * Defects observed that hand-written traces catch but default generated runs do not yet reach at every seed, each
 * with its invariant and what was measured: they join `ZOO` (and its 36-seed gate) once the generator reaches them.
 * Empty since issue 22's three (stale-check-by-length, ledger-lru-of-eight, tombstones-capped-at-64) joined the zoo.
 */
export const PENDING_ZOO: readonly (readonly [Adapter, InvariantId, string])[] = [];
