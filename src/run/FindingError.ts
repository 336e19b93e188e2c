import type { Clause } from '../check/Clause.ts';
import type { Finding } from '../check/Finding.ts';
import type { Operation } from '../model/Operation.ts';
import type { RuntimeConfig, SpanObservation } from '../model/ReferenceRuntime.ts';
import type { RecordedOutcome } from './runtime/EpisodeDriver.ts';
import { clip, safeCopy } from '../util/safeJson.ts';

/** Longest "because" line kept: adapter data quoted in a line (a 30 MB string) is cut to this, with its length. */
export const MAX_BECAUSE_CHARS = 2_000;

/** The facts of a clause quote the system's answers: bounded like a because line. */
const FACT_LIMITS = { maxString: MAX_BECAUSE_CHARS, maxItems: 1_000, maxDepth: 32 };

/**
 * Thrown inside a property run to fail it; carries the episode that produced the finding. What came from the
 * adapter is bounded here, once: long lines are shortened (saying how long they were), and the recorded
 * outcomes are copied safely (cycles cut, huge strings shortened), so reports and counterexample files stay
 * small and writable whatever the adapter answered.
 */
export class FindingError extends Error {
  override readonly name = 'FindingError';
  readonly code = 'FINDING';
  readonly finding: Finding;
  readonly config: RuntimeConfig;
  readonly trace: readonly Operation[];
  readonly outcomes: readonly RecordedOutcome[];
  /** What the system showed after each step (the ids the step touched): compared when a finding is re-run. */
  readonly observations: readonly ReadonlyMap<string, SpanObservation>[];

  constructor(finding: Finding, config: RuntimeConfig, trace: readonly Operation[], outcomes: readonly RecordedOutcome[], observations: readonly ReadonlyMap<string, SpanObservation>[] = []) {
    const because = finding.because.map((line) => clip(line, MAX_BECAUSE_CHARS));
    super(`${finding.invariant} at step ${trace.length}: ${because.join(' / ')}`);
    const clauses = finding.clauses?.map((c) => ({ ...c, text: clip(c.text, MAX_BECAUSE_CHARS), facts: safeCopy(c.facts, FACT_LIMITS) as Clause['facts'] }));
    this.finding = { ...finding, because, ...(clauses === undefined ? {} : { clauses }) };
    this.config = config;
    this.trace = trace;
    this.outcomes = outcomes.map((outcome) => safeCopy(outcome) as RecordedOutcome);
    this.observations = observations;
  }
}
