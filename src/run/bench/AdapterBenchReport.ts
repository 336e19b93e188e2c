/** Which subject of a run a figure belongs to: the pruner under test, the reference beside it, or a floor. */
export type BenchRole = 'pruner' | 'reference' | 'floor';

/** How a path's cost per call grows with the size of the history, from the fitted log–log exponent. */
export type Growth = 'flat' | 'linear' | 'superlinear';

/** One measured path: what one call does, and what its cost is divided by. */
export interface BenchPathInfo {
  readonly id: string;
  readonly label: string;
  /** What one measured call is (`prune`, `step`, `turn`, `copy of N`). */
  readonly unit: string;
  /** How each call acts on fresh state; printed in the report. */
  readonly method: string;
}

/** The cost of one path of one subject at one size: the median of its iterations' cost per call. */
export interface PathCost {
  readonly role: BenchRole;
  /** The subject's name (the adapter's, `reference`, `floor`). */
  readonly subject: string;
  readonly path: string;
  readonly size: number;
  readonly nsPerCall: number;
  /** Iterations measured (each on fresh state). */
  readonly samples: number;
  /** Calls timed over all iterations. */
  readonly calls: number;
}

/** The growth of one path of one subject over the run's sizes. */
export interface GrowthVerdict {
  readonly role: BenchRole;
  readonly subject: string;
  readonly path: string;
  /** Least-squares slope of log(cost per call) against log(size): ≈ 0 flat, ≈ 1 linear per call. */
  readonly exponent: number;
  readonly growth: Growth;
  /** Cost per call at the smallest and at the largest size measured. */
  readonly fromNs: number;
  readonly toNs: number;
  readonly sizes: readonly number[];
  /** Set on a pruner's path that is linear (or worse) per call where the reference's same path is flat. */
  readonly calledOut?: string;
}

/** Heap the subject keeps per item of its history (after a forced full GC), beside the content it was given. */
export interface MemoryFigure {
  readonly role: BenchRole;
  readonly subject: string;
  readonly size: number;
  readonly bytesPerItem: number;
  /** Mean content bytes per item (UTF-16 code units of the text it was handed). */
  readonly contentBytesPerItem: number;
  /** What the item is: `resident span`, `message fed`. */
  readonly item: string;
}

/** A path not measured for a subject, and why (an unsupported operation, an answer other than the path's). */
export interface PathSkip {
  readonly role: BenchRole;
  readonly subject: string;
  readonly path: string;
  readonly size?: number;
  readonly reason: string;
}

/** What `prunecheck bench --adapter` writes: every figure of one run, the pruner beside the reference and the floors. */
export interface AdapterBenchReport {
  readonly format: 'prunecheck-bench-adapter/1';
  /** The `--adapter` reference as given. */
  readonly adapter: string;
  readonly name: string;
  readonly version: string;
  readonly mode: 'runtime' | 'policy';
  /** `cmd`: a child process over the line protocol; its costs are wall time and include the round trips. */
  readonly transport: 'in-process' | 'cmd';
  /** The subject measured beside it in the same run. */
  readonly reference: string;
  readonly seed: number;
  readonly sizes: readonly number[];
  /** `cpu`: this process's CPU time (in-process subjects); `wall`: elapsed time (a child's work is not this process's). */
  readonly clock: 'cpu' | 'wall';
  /** The command that replays the run. */
  readonly command: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly environment: { readonly node: string; readonly platform: string; readonly arch: string; readonly cpu: string; readonly cores: number; readonly loadAverage: { readonly start: number; readonly end: number } };
  readonly paths: readonly BenchPathInfo[];
  readonly costs: readonly PathCost[];
  readonly growth: readonly GrowthVerdict[];
  readonly memory: readonly MemoryFigure[];
  readonly skipped: readonly PathSkip[];
  readonly notes: readonly string[];
}
