import type { InvariantId } from '../model/invariants.ts';
import type { Operation } from '../model/Operation.ts';
import type { Outcome } from '../model/Outcome.ts';
import type { RuntimeConfig } from '../model/ReferenceRuntime.ts';

/** The verdict of a check run, as fast-check's RunDetails and porcupine's Ok/Illegal/Unknown. */
export type Verdict = 'conformant' | 'violation' | 'diverged' | 'error' | 'unknown';

/**
 * What broke. `invariant` names a rule of spec/SPEC.md; `DIFFERENTIAL` an outcome that differs from the
 * reference model's for the same state; `ADAPTER-ERROR` an operation that threw or a malformed observation;
 * `TIMEOUT` an operation that did not answer within the per-operation timeout.
 */
export type FindingKind = InvariantId | 'DIFFERENTIAL' | 'ADAPTER-ERROR' | 'TIMEOUT';

export interface Violation {
  readonly invariant: FindingKind;
  /** 1-based index of the step in the (shrunk) trace at which it was detected. */
  readonly step: number;
  /** A short chain of plain-English sentences: what happened, what was answered, what should have been. */
  readonly because: readonly string[];
  /** The exact command that replays it. */
  readonly replay: string;
  /** Where the counterexample was written. */
  readonly counterexample: string;
  readonly traceLength: number;
}

/**
 * Per-invariant status in one report. `inconclusive`: claimed, but the check stopped at another finding
 * before this invariant was exercised by every run (a check run stops at its first shrunk failure).
 */
export interface InvariantResult {
  readonly invariant: InvariantId;
  readonly status: 'passed' | 'violated' | 'not-claimed' | 'inconclusive';
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
  /** How many runs reached each dangerous situation (src/gen); a situation never reached fails the suite. */
  readonly situations: Readonly<Record<string, number>>;
  /** The explicit examples (recorded incident scenarios) run before generated episodes. */
  readonly examplesRun?: readonly string[];
  /** Set when the verdict is `error` or `unknown`: what went wrong, outside any invariant. */
  readonly error?: string;
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
  readonly replay: string;
  /** sha256 of the canonical JSON of `trace`. */
  readonly traceHash: string;
}
