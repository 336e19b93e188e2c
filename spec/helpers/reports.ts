import { INVARIANT_IDS } from '../../src/model/invariants.ts';
import type { InvariantId } from '../../src/model/invariants.ts';
import { traceHash } from '../../src/run/writeCounterexample.ts';
import type { CheckReport, Counterexample, InvariantResult, Violation } from '../../src/run/CheckReport.ts';

/** Hand-built check reports for reporter tests, independent of the engine. */

const BASE = {
  adapterVersion: '1.0.0',
  prunecheckVersion: '0.1.0',
  specVersion: '1.0.0',
  seed: 42,
  runs: 200,
  opsChecked: 8123,
  opsPerSecond: 20307.5,
  durationMs: 400,
  situations: { 'rotation-between-summarize-and-prune': 31, 'summary-of-summary': 12, 'pressure-at-capacity': 7 },
} as const;

function statuses(violated: readonly InvariantId[], notClaimed: readonly InvariantId[] = []): InvariantResult[] {
  return INVARIANT_IDS.map((invariant) => ({
    invariant,
    status: violated.includes(invariant) ? 'violated' : notClaimed.includes(invariant) ? 'not-claimed' : 'passed',
  }));
}

export function violation(overrides: Partial<Violation> = {}): Violation {
  return {
    invariant: 'INV-01',
    step: 4,
    because: [
      "step 3: prune 'block_7' was executed (backing store verified a byte-identical copy)",
      "step 4: lookup 'block_7' answered absent; it should have answered tombstoned (evicted at step 3)",
    ],
    replay: 'npx prunecheck replay reports/counterexamples/no-tombstone-INV-01-42.json',
    counterexample: 'reports/counterexamples/no-tombstone-INV-01-42.json',
    traceLength: 4,
    ...overrides,
  };
}

export function conformantReport(overrides: Partial<CheckReport> = {}): CheckReport {
  return { ...BASE, adapter: 'reference', verdict: 'conformant', invariants: statuses([]), violations: [], ...overrides };
}

export function violationReport(overrides: Partial<CheckReport> = {}): CheckReport {
  return {
    ...BASE,
    adapter: 'no-tombstone',
    verdict: 'violation',
    invariants: statuses(['INV-01', 'INV-04'], ['INV-09']),
    violations: [
      violation(),
      violation({
        invariant: 'INV-04',
        step: 6,
        because: ['lookup of a pruned id answered "never existed" <absent> & the model said "it\'s fine"'],
        replay: 'npx prunecheck replay reports/counterexamples/no-tombstone-INV-04-42.json',
        counterexample: 'reports/counterexamples/no-tombstone-INV-04-42.json',
        traceLength: 6,
      }),
    ],
    ...overrides,
  };
}

export function errorReport(overrides: Partial<CheckReport> = {}): CheckReport {
  return {
    ...BASE,
    adapter: 'crashy',
    verdict: 'error',
    invariants: statuses([]),
    violations: [
      violation({
        invariant: 'ADAPTER-ERROR',
        step: 2,
        because: ["step 2: apply(prune 'a') threw TypeError: cannot read properties of undefined"],
        replay: 'npx prunecheck replay reports/counterexamples/crashy-ADAPTER-ERROR-42.json',
        counterexample: 'reports/counterexamples/crashy-ADAPTER-ERROR-42.json',
        traceLength: 2,
      }),
    ],
    error: 'the adapter threw at step 2',
    ...overrides,
  };
}

/** A well-formed runtime counterexample (the file `prunecheck replay` reads). */
export function counterexample(overrides: Partial<Counterexample> = {}): Counterexample {
  const made: Counterexample = {
    format: 'prunecheck-counterexample/1',
    adapter: 'trusts-safe-claim',
    adapterRef: 'trusts-safe-claim',
    adapterVersion: '1.0.0',
    prunecheckVersion: '0.1.0',
    specVersion: '1.0.0',
    invariant: 'INV-03',
    seed: 7,
    path: '3:1',
    config: { capacity: 400 },
    trace: [
      { kind: 'append', span: { id: 's1', kind: 'raw', rawKind: 'tool-output', content: 'ERROR 23505' } },
      { kind: 'prune', spanId: 's1', claimSafe: true },
    ],
    outcomes: [],
    step: 2,
    because: ['step 2: prune s1 (model claims it is safe to drop)', 'the system answered: evicted s1 as reversible'],
    replay: 'npx prunecheck replay reports/counterexamples/trusts-safe-claim-INV-03-7.json',
    traceHash: '',
    ...overrides,
  };
  // The hash replay verifies: of the trace as overridden, unless a test sets its own.
  return { ...made, traceHash: overrides.traceHash ?? traceHash(made.trace) };
}
