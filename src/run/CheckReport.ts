import type { Clause } from '../check/Clause.ts';
import type { InvariantId } from '../model/invariants.ts';
import type { Operation } from '../model/Operation.ts';
import type { Outcome } from '../model/Outcome.ts';
import type { RuntimeConfig } from '../model/ReferenceRuntime.ts';
import type { ShardInfo } from './parallel/ShardInfo.ts';
import type { FindingKind } from '../check/FindingKind.ts';

/** The verdict of a check run, as fast-check's RunDetails and porcupine's Ok/Illegal/Unknown. */
export type Verdict = 'conformant' | 'violation' | 'diverged' | 'error' | 'unknown';

export interface Violation {
  readonly invariant: FindingKind;
  /** 1-based index of the step in the (shrunk) trace at which it was detected. */
  readonly step: number;
  /** A short chain of plain-English sentences: what happened, what was answered, what should have been. */
  readonly because: readonly string[];
  /** The same sentences with who each is about and, for the system's, the facts that make them true. */
  readonly clauses?: readonly Clause[];
  /** The exact command that replays it. */
  readonly replay: string;
  /** Where the counterexample was written. */
  readonly counterexample: string;
  readonly traceLength: number;
}

/**
 * Per-invariant status in one report. `passed` only when the verdict is `conformant`. `inconclusive`: claimed,
 * but not judged to the end; `reason` says why (the check stopped at another finding, the evidence was too
 * thin for a verdict). `unknown`: claimed, but the system does not expose what judging it needs (`reason`: "not
 * observable, expose …"; src/check/runtime/invariantNeeds.ts), so it is never reported passed.
 */
export interface InvariantResult {
  readonly invariant: InvariantId;
  readonly status: 'passed' | 'violated' | 'not-claimed' | 'inconclusive' | 'unknown';
  /** Operations whose checks judged this invariant, over complete runs (runtime mode). */
  readonly checked?: number;
  readonly reason?: string;
}

/** How much a runtime-mode check saw: what a `conformant` verdict rests on (spec/ADAPTER.md §6). */
export interface Evidence {
  /** Runs that went to their end. Only they count towards situations reached and operations checked per invariant. */
  readonly runsComplete: number;
  /** Runs stopped where the reference could not follow the system past a finding on an invariant it does not claim. */
  readonly runsCutShort: number;
  /** Findings on invariants the adapter does not claim: how many runs went on past them, how many they cut short. */
  readonly unclaimed: Readonly<Record<string, { readonly resumed: number; readonly cutShort: number }>>;
  /** Choices the system made differently from the reference where spec/SPEC.md §7 allows it: adopted, not findings. */
  readonly choicesAdopted: number;
  /** Rechecks of every id and signature an episode touched (every `recheckEvery` steps and at each run's end). */
  readonly rechecks?: number;
}

/** The result of `checkAdapter`, also the JSON report's shape. */
export interface CheckReport {
  readonly adapter: string;
  readonly adapterVersion: string;
  readonly prunecheckVersion: string;
  readonly specVersion: string;
  readonly verdict: Verdict;
  readonly seed: number;
  readonly runs: number;
  readonly opsChecked: number;
  readonly opsPerSecond: number;
  readonly durationMs: number;
  readonly invariants: readonly InvariantResult[];
  readonly violations: readonly Violation[];
  /** How many runs reached each dangerous situation (src/gen; complete runs only); one never reached fails the suite. */
  readonly situations: Readonly<Record<string, number>>;
  /** Runs complete and cut short, unclaimed findings, adopted choices (runtime mode). */
  readonly evidence?: Evidence;
  /** The explicit examples (recorded incident scenarios) run before generated episodes. */
  readonly examplesRun?: readonly string[];
  /** Set when the verdict is `error` or `unknown`: what went wrong, outside any invariant. */
  readonly error?: string;
  /** A shard report (`check --shard i/n`): which part of the check it ran; `prunecheck merge` gives the verdict. */
  readonly shard?: ShardInfo;
  /** A merged report (`prunecheck merge`): the shard reports it was merged from. */
  readonly mergedFrom?: readonly string[];
  /**
   * Set when the adapter module ran inside prunecheck's own process (`--in-process`), not in a supervised
   * process of its own: an exit, a crash or a hang in it could then end the check without a verdict.
   */
  readonly inProcess?: true;
}

/** A counterexample file: everything needed to replay one failure. Format `prunecheck-counterexample/1`. */
export interface Counterexample {
  readonly format: 'prunecheck-counterexample/1';
  readonly adapter: string;
  /** How the CLI names the adapter (`reference`, a path, `cmd:...`), so `prunecheck replay` can load it. */
  readonly adapterRef: string;
  readonly adapterVersion: string;
  readonly prunecheckVersion: string;
  readonly specVersion: string;
  readonly invariant: FindingKind;
  readonly seed: number;
  /** fast-check's replay path for the shrunk case. */
  readonly path: string;
  readonly config: RuntimeConfig;
  readonly trace: readonly Operation[];
  /** The outcomes the system under test answered, step by step. */
  readonly outcomes: readonly (Outcome | { readonly kind: 'adapter-error'; readonly message: string })[];
  readonly step: number;
  readonly because: readonly string[];
  readonly clauses?: readonly Clause[];
  readonly replay: string;
  /** sha256 of the canonical JSON of `trace`. */
  readonly traceHash: string;
  /** The check's recheck interval (`CheckOptions.recheckEvery`), which replay uses; absent in files from before it: 0. */
  readonly recheckEvery?: number;
}
