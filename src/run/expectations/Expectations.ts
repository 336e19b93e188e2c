import type { FindingKind } from '../../check/FindingKind.ts';

/** The format tag of an expectations file. */
export const EXPECTATIONS_FORMAT = 'prunecheck-expectations/1';

/**
 * How a reason `--update-expectations` wrote begins until a person replaces it with why the finding is
 * accepted. An entry whose reason still begins so is unjudged: it never passes a check (docs/expectations.md).
 */
export const NEEDS_JUDGEMENT = 'NEEDS JUDGEMENT:';

/** True when an entry's reason is still the placeholder `--update-expectations` wrote. */
export function isUnjudged(reason: string): boolean {
  return reason.trimStart().startsWith(NEEDS_JUDGEMENT);
}

/** Where `prunecheck check` and `replay` look for expectations when `--expectations` is not given. */
export const DEFAULT_EXPECTATIONS_FILE = 'prunecheck.expectations.json';

/**
 * One known finding: the adapter (by the name reports give it) is expected to break the invariant, for the
 * stated reason. As WPT's expectation metadata and test262's harness expectations: a finding listed here is
 * reported as expected and does not fail the check; it stays visible in every report.
 */
export interface KnownFinding {
  readonly adapter: string;
  /** An invariant id (`INV-17`), or `DIFFERENTIAL` / `ADAPTER-ERROR` / `TIMEOUT`. */
  readonly invariant: FindingKind;
  /** Why the finding is accepted: a design choice, a tracked bug. Shown beside the finding in every report. */
  readonly reason: string;
  /**
   * The entry's other fields (`owner`, `ticket`, `until`…): the user's, not prunecheck's. Kept as they are, in
   * their order, when `--update-expectations` rewrites the file.
   */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** All of the entry's keys in the file's order, when that is not `adapter`, `invariant`, `reason`, then `fields`. */
  readonly order?: readonly string[];
}

/** The contents of `prunecheck.expectations.json`: 2-space JSON, entries sorted by adapter then invariant. */
export interface ExpectationsFile {
  readonly format: typeof EXPECTATIONS_FORMAT;
  readonly expectations: readonly KnownFinding[];
  /** The file's other top-level fields (a `$comment`, an owner): kept as they are on rewrite. */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** All top-level keys in the file's order, when that is not `format`, `expectations`, then `fields`. */
  readonly order?: readonly string[];
  /** The file began with a byte-order mark: a rewrite keeps it. */
  readonly bom?: true;
}

/** A known finding that occurred in this check. */
export interface ExpectedFinding {
  readonly invariant: FindingKind;
  readonly reason: string;
  readonly replay: string;
}

/** A known finding that did not occur although its invariant was checked to the end: the entry is stale. */
export interface UnexpectedPass {
  readonly invariant: FindingKind;
  readonly reason: string;
}

/** A known finding whose invariant this check did not judge (not claimed, or inconclusive): neither seen nor refuted. */
export interface UncheckedExpectation {
  readonly invariant: FindingKind;
  readonly reason: string;
  readonly status: 'not-claimed' | 'inconclusive';
}

/**
 * A check report read against the expectations. `passed` decides the exit code: no new finding, no unexpected
 * pass (unless allowed), and a verdict that rests on evidence (`unknown` without a finding never passes).
 */
export interface ExpectationsOutcome {
  /** The file the expectations came from, as given. */
  readonly file: string;
  readonly expected: readonly ExpectedFinding[];
  /** Findings not in the file: each fails the check. */
  readonly new: readonly FindingKind[];
  readonly unexpectedPasses: readonly UnexpectedPass[];
  readonly unchecked: readonly UncheckedExpectation[];
  /** Entries for this adapter whose reason is still `NEEDS JUDGEMENT: …`: each fails the check until a person says why. */
  readonly unjudged?: readonly FindingKind[];
  /** `--allow-unexpected-pass`: stale entries are reported but do not fail. */
  readonly allowUnexpectedPasses: boolean;
  readonly passed: boolean;
  /** One line for people: "as expected: 1 known finding (INV-17)", "1 new finding: INV-19", … */
  readonly summary: string;
}
