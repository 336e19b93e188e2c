import type { StartUpMeasurement } from './StartUpMeasurement.ts';

import type { CheckedStepMeasurement } from './CheckedStepMeasurement.ts';
/** Which implementation a measurement is of: the reference model, the naive baseline, or a physical ceiling. */
export type BenchSubject = 'reference' | 'naive' | 'ceiling';

/** The measured paths, one per row of the report. */
export type BenchPathId =
  | 'prune-reversible'
  | 'prune-reversible-small'
  | 'prune-lossy'
  | 'prune-rejected'
  | 'summarize-10'
  | 'lookup-resident'
  | 'lookup-pruned'
  | 'lookup-absent'
  | 'claim-10'
  | 'retry-duplicate'
  | 'reframe'
  | 'checker-step'
  | 'recheck-id'
  | 'sha256'
  | 'sha256-small'
  | 'map-get-set';

/** What one path is, for the tables and the chart. */
export interface BenchPath {
  readonly id: BenchPathId;
  readonly label: string;
  /** `op`: cost of one operation; `span`: cost of one operation divided by the spans it visits (re-frame: the resident ones; recheck: the touched ones). */
  readonly unit: 'op' | 'span';
  /** A per-directive path: its cost at the largest window must stay within 1.5× its cost at the smallest. */
  readonly directive: boolean;
}

export const BENCH_PATHS: readonly BenchPath[] = [
  { id: 'prune-reversible', label: 'prune, reversible (persisted span)', unit: 'op', directive: true },
  { id: 'prune-reversible-small', label: 'prune, reversible (~250 B content)', unit: 'op', directive: false },
  { id: 'prune-lossy', label: 'prune, lossy (acceptLossy)', unit: 'op', directive: true },
  { id: 'prune-rejected', label: 'prune, rejected (not reversible)', unit: 'op', directive: true },
  { id: 'summarize-10', label: 'summarize (10 sources)', unit: 'op', directive: true },
  { id: 'lookup-resident', label: 'lookup, resident', unit: 'op', directive: true },
  { id: 'lookup-pruned', label: 'lookup, pruned (recoverable)', unit: 'op', directive: true },
  { id: 'lookup-absent', label: 'lookup, never seen', unit: 'op', directive: true },
  { id: 'claim-10', label: 'claim (10 ids)', unit: 'op', directive: true },
  { id: 'retry-duplicate', label: 'duplicate-retry check (callTool)', unit: 'op', directive: true },
  { id: 'reframe', label: 're-frame, per resident span', unit: 'span', directive: false },
  { id: 'checker-step', label: 'one checker step (rechecks apart)', unit: 'op', directive: false },
  { id: 'recheck-id', label: 'recheck, per touched id', unit: 'span', directive: false },
  { id: 'sha256', label: 'ceiling: sha256 of the same content', unit: 'op', directive: false },
  { id: 'sha256-small', label: 'ceiling: sha256 of the same ~250 B content', unit: 'op', directive: false },
  { id: 'map-get-set', label: 'ceiling: Map get + set', unit: 'op', directive: false },
];

/** The path record for an id; every id has one. */
export function benchPath(id: BenchPathId): BenchPath {
  return BENCH_PATHS.find((path) => path.id === id) as BenchPath;
}

/**
 * One measured cell: a path, on one subject, at one window size. Each round measures the median over batches
 * of the batch's mean cost per operation (or per span), in nanoseconds; rounds interleave the window's tasks,
 * and the cell's cost is the lowest round, so a burst of load from other processes does not decide it.
 */
export interface BenchMeasurement {
  readonly subject: BenchSubject;
  readonly path: BenchPathId;
  /** Resident spans in the window while measuring. */
  readonly size: number;
  /** Process CPU time per operation (or span). */
  readonly nsPerOp: number;
  /** Wall time per operation in the same round, for comparison; inflated by other processes on a shared machine. */
  readonly wallNsPerOp: number;
  /** The median of each round, in run order. */
  readonly rounds: readonly number[];
  /** Mean over batches, in the round that gave `nsPerOp`. */
  readonly meanNs: number;
  /** Relative margin of error of that mean, in percent (95 %). */
  readonly rmePercent: number;
  /** Batches measured, over all rounds. */
  readonly samples: number;
  /** Operations measured, over all batches. */
  readonly ops: number;
}

/** One checked property run of the reference adapter (`checkAdapter`): the engine's own throughput. */
export interface PropertyRunMeasurement {
  readonly adapter: string;
  readonly seed: number;
  readonly runs: number;
  readonly opsChecked: number;
  readonly durationMs: number;
  readonly opsPerSecond: number;
  readonly verdict: string;
  /**
   * The bare reference `apply` rate on the same episodes: every operation the run checked, replayed through a
   * fresh `ReferenceRuntime` per episode with nothing else (no harness, no observations, no checkers).
   */
  readonly bareApplyOpsPerSecond?: number;
  /** The engine's recheck interval in this run (`CheckOptions.recheckEvery`; 0: no rechecks). */
  readonly recheckEvery?: number;
  /** Rechecks done, over all runs: each observes every id and reads every signature its episode touched. */
  readonly rechecks?: number;
  /**
   * Wall ms fast-check took to draw the same runs' episodes with nothing run (the engine's property with a body
   * that only walks its steps, same seed and runs, best of three): the part of the run no checker can save.
   */
  readonly generationMs?: number;
}

/** One check of the reference on 1 or 2 worker threads (`bench/workersScaling.ts`), wall clock, start-up included. */
export interface WorkersMeasurement {
  readonly workers: number;
  readonly round: number;
  readonly runs: number;
  readonly seed: number;
  readonly opsChecked: number;
  readonly durationMs: number;
  readonly opsPerSecond: number;
  readonly verdict: string;
  /** The machine's 1-minute load average as the check started: other processes share the cores. */
  readonly loadAverage: number;
}

/** The machine's own headroom during the workers bench: one single-thread check alone, then two at once in two processes. */
export interface WorkersControl {
  readonly runs: number;
  readonly alone: number;
  readonly pair: readonly number[];
  /** The pair's summed rate over the one alone: about 2 on an idle 2-core machine. */
  readonly speedup: number;
}

/** One protocol workload (`bench/protocolRoundTrip.ts`): the same episodes in-process and over stdio. */
export interface ProtocolMeasurement {
  readonly workload: string;
  readonly inProcessOpsPerSecond: number;
  readonly stdioOpsPerSecond: number;
  /** Median over rounds of stdio time over in-process time (wall clock). */
  readonly ratio: number;
}

/** Heap held per resident span, measured after a full GC before and after building the window. */
export interface MemoryMeasurement {
  readonly subject: BenchSubject;
  readonly size: number;
  readonly bytesPerSpan: number;
  /** Mean UTF-8 bytes of content per resident span. */
  readonly contentBytesPerSpan: number;
  /** The target: 1.5 × content bytes + 300 B. */
  readonly limitBytesPerSpan: number;
}
export type TargetStatus = 'met' | 'missed' | 'not-measured';

/**
 * The rows of issue 14's target table, and the earlier issue's targets still held (`naive`). One row may be
 * judged from several measured ratios (each size, each directive); it is met when all of them are.
 */
export type TargetGroup = 'property-run' | 'workers' | 'protocol-step' | 'prune-vs-sha256' | 'directive-growth' | 'reframe-flat' | 'memory' | 'naive'
  | 'prune-vs-python'
  | 'start-up'
  | 'default-rate'
  | 'checked-step';

/** One target of the benchmark issue, evaluated as a ratio within one run. */
export interface TargetResult {
  readonly id: string;
  readonly group: TargetGroup;
  readonly description: string;
  readonly comparison: 'at-most' | 'at-least';
  readonly threshold: number;
  readonly measured: number | undefined;
  readonly status: TargetStatus;
  /** How far past the threshold a missed target is, as a fraction of the threshold (0.27 = 27 %). */
  readonly missBy: number | undefined;
  /** The figures the ratio was computed from, or why it could not be. */
  readonly detail: string;
}

/** One row of the table: its ratios together, the worst of them, and why it came out so. */
export interface TargetSummary {
  readonly group: TargetGroup;
  readonly description: string;
  readonly status: TargetStatus;
  /** The ratio the status rests on: the worst measured one (the one missed by most, or closest to its limit). */
  readonly worst: TargetResult | undefined;
  readonly met: number;
  readonly missed: number;
  /** Why, from this run's figures. */
  readonly reason: string;
}

export interface BenchEnvironment {
  readonly node: string;
  readonly v8: string;
  readonly platform: string;
  readonly arch: string;
  readonly cpu: string;
  readonly cores: number;
  readonly totalMemoryGiB: number;
  /** Whether `global.gc` was exposed (memory is only measured when it is). */
  readonly gcExposed: boolean;
  /** 1-minute load average when the run started and ended: other processes competing for the cores. */
  readonly loadAverage: { readonly start: number; readonly end: number };
}

/** How the run measured; printed in the report so a reader can judge the figures. */
export interface BenchMethod {
  /** Operations per timed batch, per subject. */
  readonly batch: Readonly<Record<BenchSubject, number>>;
  /** tinybench time budget per task, in ms of measured time. */
  readonly timeMs: number;
  /** Minimum batches per task and round. */
  readonly minBatches: number;
  /** Rounds over each window's tasks; a cell's cost is its lowest round. */
  readonly rounds: number;
  readonly contentBytes: { readonly min: number; readonly mean: number; readonly max: number };
  /** Largest window the naive baseline was built at. */
  readonly naiveMaxSize: number;
  /** What a window of N resident spans is made of. */
  readonly window: string;
  /** How each path's measured operations act on fresh targets, in the runner's words. */
  readonly tasks: Readonly<Partial<Record<BenchPathId, string>>>;
  /** Anything else a reader needs to judge the figures. */
  readonly notes: readonly string[];
}

/** The whole `reports/bench.json`. Format `prunecheck-bench/1`. */
export interface BenchReport {
  readonly format: 'prunecheck-bench/1';
  readonly mode: 'full' | 'quick';
  readonly seed: number;
  readonly command: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly environment: BenchEnvironment;
  readonly method: BenchMethod;
  readonly sizes: readonly number[];
  readonly measurements: readonly BenchMeasurement[];
  readonly memory: readonly MemoryMeasurement[];
  /** One checked property run per round; the report quotes the fastest. */
  readonly propertyRuns: readonly PropertyRunMeasurement[];
  /** The same runs with rechecks off (`recheckEvery: 0`), per round: what rechecking costs (issue 11). */
  readonly propertyRunsWithoutRecheck?: readonly PropertyRunMeasurement[];
  /** What the line protocol costs per engine step (`bench/protocolRoundTrip.ts`); absent when not run. */
  readonly protocol?: readonly ProtocolMeasurement[];
  /** The same check on 1 and 2 worker threads, round by round (`bench/workersScaling.ts`); absent when not run. */
  readonly workers?: readonly WorkersMeasurement[];
  /** Two single-thread checks at once in two processes against one alone: what the machine gave in parallel. */
  readonly workersControl?: WorkersControl;
  /** The reference's reversible prune against a plain Python sketch of seed 000's `prune` (`bench/pythonSketch.ts`); absent when not run. */
  readonly pythonSketch?: PythonSketchReport;
  /** Default checks as a user runs them, traced: start-up CPU and rate against a long check (`bench/startUpShare.ts`); absent when not run. */
  readonly startUp?: StartUpMeasurement;
  /** Issue 26: a checked operation against a bare `fc.asyncModelRun` step, round by round; absent when not run. */
  readonly checkedStep?: readonly CheckedStepMeasurement[];
  readonly targets: readonly TargetResult[];
  readonly summaries?: readonly TargetSummary[];
  /** Benches that could not run, and why; never silently dropped. */
  readonly missing: readonly string[];
}

/**
 * One window size of the Python comparison (issue 26): the same ~250 B contents pruned, every span once in the
 * same seeded order, by the reference (`apply(prune)` on persisted raw spans, in the bench process) and by a plain
 * Python transcription of seed 000's `ContextWindow.prune` (`bench/python/seedPrune.py`, its own process). Each
 * side times its prune loop only, CPU time, in rounds on a fresh window each; the cost is the median round.
 */
export interface PythonSketchMeasurement {
  readonly size: number;
  /** Spans pruned per round (every span of the window). */
  readonly prunes: number;
  readonly meanContentBytes: number;
  /** Median round, CPU ns per prune. */
  readonly referenceNsPerPrune: number;
  readonly pythonNsPerPrune: number;
  /** Every measured round (warm-up rounds left out), CPU ns per prune, in run order. */
  readonly referenceRounds: readonly number[];
  readonly pythonRounds: readonly number[];
  /** Median round, wall ns per prune: inflated by other processes on a shared machine. */
  readonly referenceWallNsPerPrune: number;
  readonly pythonWallNsPerPrune: number;
}

/** The Python comparison of one bench run. */
export interface PythonSketchReport {
  /** The interpreter's version (`python3`). */
  readonly python: string;
  readonly measurements: readonly PythonSketchMeasurement[];
  /** Why a size was not measured (no python3, a size this run did not cover); never silently dropped. */
  readonly skipped: readonly string[];
}
