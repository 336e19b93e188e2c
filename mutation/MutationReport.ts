import type { MutantKey } from './MutantKey.ts';
import type { Revision } from './gitRevision.ts';
import type { MatchKind } from './matchTriage.ts';
import type { SuiteSettings } from './suiteSettings.ts';

export const MUTATION_REPORT_FORMAT = 'prunecheck-mutation/1';

/** The target: this share of the non-equivalent mutants killed. */
export const TARGET_SCORE = 0.95;

/**
 * Counts over one set of mutants. `detected`: the suite's verdict was not `conformant` (killed), or the mutant hung
 * (Stryker's timeout). `survived` splits into `equivalent`, `gap` and `untriaged`; `nonEquivalent` is
 * detected + gap + untriaged, and `score` is detected / nonEquivalent (untriaged survivors count against it).
 */
export interface MutantCounts {
  readonly mutants: number;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  readonly invalid: number;
  readonly equivalent: number;
  readonly gap: number;
  readonly untriaged: number;
  readonly detected: number;
  readonly nonEquivalent: number;
  /** detected / nonEquivalent, or undefined when there is nothing non-equivalent. */
  readonly score: number | undefined;
}

/** A mutant the suite did not kill, with where it is now and how it was judged. */
export type SurvivorRow = MutantKey & {
  /** 1-based, in the current model. */
  readonly line: number;
  /** Stryker's status: `Survived` (ran, not killed) or `NoCoverage` (no seed reached its code). */
  readonly status: 'Survived' | 'NoCoverage';
  readonly triage: 'equivalent' | 'gap' | 'untriaged';
  readonly reason?: string;
  readonly fix?: string;
  readonly area?: string;
  /** `moved`: matched on its code alone; its entry's scope or line text is out of date. */
  readonly match?: MatchKind;
};

/** A mutant that is neither killed nor survived in the usual sense: a hang, or one Stryker could not run. */
export type OtherRow = MutantKey & { readonly line: number; readonly status: string; readonly statusReason?: string };

export interface MutationTiming {
  readonly concurrency: number;
  /** The unmutated suite's net time in Stryker's initial test run. */
  readonly dryRunMs: number | undefined;
  /** From the initial run's end to the last mutant's result. */
  readonly wallMs: number | undefined;
  /** Mutants that ran in a test runner (not ignored, not without coverage). */
  readonly mutantsRun: number;
  /** wallMs × concurrency / mutantsRun: one worker's time per mutant. */
  readonly meanMsPerMutant: number | undefined;
}

export interface MutationReport {
  readonly format: typeof MUTATION_REPORT_FORMAT;
  readonly mode: 'full' | 'sample' | 'focused';
  readonly strykerVersion: string;
  /** The command that produced it. */
  readonly command: string;
  readonly suite: SuiteSettings;
  readonly sample?: { readonly seed: number; readonly size: number; readonly nodes: number };
  /** The commit measured (model and suite); absent when the run did not record it. */
  readonly revision?: Revision;
  /** A focused run's choice (`--gaps`, `--mutate`): what, how many mutants and nodes, and gaps no longer in the model. */
  readonly focus?: { readonly what: string; readonly mutants: number; readonly nodes: number; readonly missing: readonly MutantKey[] };
  /**
   * When a focused re-run was merged in: its command and commit, the mutants of this run whose result it replaced
   * (matched by key), those it ran that this run does not have, and those it detected that this run did not, or
   * the other way round.
   */
  readonly merged?: { readonly command: string; readonly revision?: Revision; readonly replaced: number; readonly unmatched: number; readonly newlyDetected: readonly MutantKey[]; readonly noLongerDetected: readonly MutantKey[] };
  readonly totals: MutantCounts;
  readonly target: { readonly score: number; readonly met: boolean };
  readonly byFile: readonly (MutantCounts & { readonly file: string })[];
  readonly byMutator: readonly (MutantCounts & { readonly mutator: string })[];
  /** What killed the killed mutants: verdicts, and the finding's invariant. */
  readonly kills: { readonly byVerdict: Readonly<Record<string, number>>; readonly byInvariant: Readonly<Record<string, number>> };
  readonly timing: MutationTiming;
  readonly survivors: readonly SurvivorRow[];
  /** Timeouts and mutants Stryker could not run (RuntimeError, CompileError). */
  readonly others: readonly OtherRow[];
  /** Triage entries whose mutant was killed in this run: no longer survivors, remove them. */
  readonly resolved: readonly MutantKey[];
  /** Triage entries no mutant of this run matched (full runs only): the code they name is gone. */
  readonly stale: readonly MutantKey[];
}
