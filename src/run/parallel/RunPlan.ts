import type { Finding } from '../../check/Finding.ts';
import type { Operation } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import type { RecordedOutcome } from '../runtime/EpisodeDriver.ts';
import type { SavedCounterexample } from '../writeCounterexample.ts';
import type { TallyTotals } from './TallyTotals.ts';

/** A finding as plain data, to cross a thread boundary (a FindingError does not survive structured cloning). */
export interface FindingData {
  readonly finding: Finding;
  readonly config: RuntimeConfig;
  readonly trace: readonly Operation[];
  readonly outcomes: readonly RecordedOutcome[];
}

/** What one chunk of runs found, wherever it ran. */
export interface ChunkResult {
  readonly chunk: number;
  /** The runs counted before any failure (a failing run, and runs after it, count for nothing). */
  readonly totals: TallyTotals;
  readonly opsChecked: number;
  /** fast-check's index of the first failing run of the chunk. */
  readonly failedRun?: number;
  readonly finding?: FindingData;
  /** Counterexamples saved while running the chunk (the unshrunk failure, saved the moment it was seen). */
  readonly saved: readonly SavedCounterexample[];
  /** The time limit stopped the chunk before its last run. */
  readonly stoppedEarly: boolean;
}

/**
 * Where the engine runs its generated runs; without a plan, all of them in this process, as fast-check draws
 * them (today's path). `chunks`: only these chunks (src/run/parallel/partition.ts), in this process, each
 * reported; with `shrink`, the first failure is shrunk as a full run would, else the check ends at it.
 * `delegate`: someone else runs them (worker threads) and answers where the first failure is; the engine
 * then reproduces and shrinks that run here.
 */
export type RunPlan =
  | { readonly kind: 'chunks'; readonly chunks: Iterable<number> | AsyncIterable<number>; readonly shrink: boolean; readonly onChunk: (result: ChunkResult) => void }
  | { readonly kind: 'delegate'; readonly run: (sink: ChunkSink) => Promise<Delegated>; readonly onChunk: (result: ChunkResult) => void };

/** What the engine lends the runs done elsewhere: its tally and its saved counterexamples. */
export interface ChunkSink {
  /** Runs below every failure, in run order: counted as if they had run here. */
  readonly absorb: (result: ChunkResult) => void;
  /** The lowest failing run's finding so far: what an interruption saves. */
  readonly adopt: (finding: FindingData) => void;
  /** Counterexamples saved elsewhere for this check: they join the engine's provisional saves (replaced or removed). */
  readonly keep: (saved: readonly SavedCounterexample[]) => void;
}

/**
 * How delegated runs ended: every run below `failedRun` passed (and was absorbed); `resumeChunks`: run these
 * chunks here instead, in order (a worker thread stalled in the first: here the watchdog can catch it).
 */
export interface Delegated {
  readonly failedRun?: number;
  readonly finding?: FindingData;
  readonly resumeChunks?: readonly number[];
  readonly stoppedEarly: boolean;
}
