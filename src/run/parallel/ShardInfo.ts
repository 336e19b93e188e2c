import type { OperationKind } from '../../model/Operation.ts';
import type { InvariantId } from '../../model/invariants.ts';
import type { TallyTotals } from './TallyTotals.ts';

/** One chunk's runs in a shard report: what `prunecheck merge` sums. */
export interface ShardChunk {
  readonly chunk: number;
  readonly totals: TallyTotals;
  readonly opsChecked: number;
  readonly failedRun?: number;
}

/**
 * What a shard report (`check --shard i/n`) carries besides the report itself: which part of which check it
 * ran, and its runs chunk by chunk, so `prunecheck merge` can count exactly the runs a single check would have
 * counted (those below the first failure) and apply the coverage gates to the merged totals.
 */
export interface ShardInfo {
  readonly index: number;
  readonly count: number;
  /** The whole check's runs (`--runs`), which every shard must share. */
  readonly runsTotal: number;
  readonly chunkSize: number;
  /** What makes two shards parts of the same check, besides seed, adapter and versions. */
  readonly check: { readonly maxSteps: number; readonly long: boolean; readonly recheckEvery: number; readonly examples: boolean };
  /** The adapter's claimed invariants and supported operations, as this check used them (coverage gates). */
  readonly claimed: readonly InvariantId[];
  readonly operations: readonly OperationKind[];
  readonly chunks: readonly ShardChunk[];
  /** fast-check's index of the shard's first failing generated run. */
  readonly failedRun?: number;
  /** The time limit stopped the shard before its last chunk. */
  readonly stoppedEarly: boolean;
}
