import type { SourceRange } from './SourceRange.ts';

/**
 * Environment variables through which the runner (mutation/run.ts) talks to its Stryker plugins
 * (mutation/strykerPlugins.ts), which Stryker loads by path in its own and its child processes.
 */
export const PLUGIN_ENV = {
  /** A JSON file of the sampled mutants' locations (`SampleLocation[]`); set only for a sample. */
  sample: 'PRUNECHECK_MUTATION_SAMPLE',
  /** A file the timing reporter appends one `TimingLine` to per tested mutant. */
  timing: 'PRUNECHECK_MUTATION_TIMING',
} as const;

/** A sampled mutant's place: its file's name in the copy and its range (0-based lines and columns, as Stryker's). */
export interface SampleLocation {
  readonly file: string;
  readonly range: SourceRange;
}

/** One line of the timing file: when a mutant's result (or the initial run, `dry-run`) arrived, in ms since the epoch. */
export interface TimingLine {
  readonly id: string;
  readonly status: string;
  readonly at: number;
}
