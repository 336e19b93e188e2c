import type { Adapter, PruningSystem } from '../../adapters/Adapter.ts';
import { validateSystem } from '../../adapters/validateAdapter.ts';
import { describeOutcome } from '../../check/runtime/describeOperation.ts';
import { firstDifference } from '../../check/runtime/firstDifference.ts';
import { normalizeOutcome } from '../../check/runtime/normalizeOutcome.ts';
import { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import type { RuntimeConfig, SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { FindingKind } from '../../check/FindingKind.ts';
import type { Finding } from '../../check/Finding.ts';
import type { FindingError } from '../FindingError.ts';
import { deepFreeze } from '../../util/deepFreeze.ts';
import { withTimeout } from '../../util/withTimeout.ts';
import { closeSystem } from './checkAdapter.ts';
import { EpisodeDriver, type RecordedOutcome } from './EpisodeDriver.ts';
import { createForTrace } from './plannedTrace.ts';

/** One run of a recorded trace: what the system answered and showed, and the finding it ended with. */
export interface TraceRun {
  readonly outcomes: readonly RecordedOutcome[];
  readonly observations: readonly ReadonlyMap<string, SpanObservation>[];
  readonly finding: { readonly invariant: FindingKind; readonly step: number } | undefined;
  /** The finding itself (its because chain and clauses), and the steps run up to it. */
  readonly found?: { readonly finding: Finding; readonly trace: readonly Operation[] };
}

/** Runs `trace` on a fresh system of `adapter`, with the engine's driver and checkers (rechecks included), to its first finding. */
export async function runTrace(adapter: Adapter, config: RuntimeConfig, trace: readonly Operation[], claims: (invariant: FindingKind) => boolean, opTimeoutMs: number, createTimeoutMs: number, recheckEvery: number): Promise<TraceRun> {
  let system: PruningSystem;
  try {
    system = validateSystem(await withTimeout(() => createForTrace(adapter, deepFreeze(config), trace, recheckEvery), createTimeoutMs, 'create'));
  } catch {
    return { outcomes: [], observations: [], finding: { invariant: 'ADAPTER-ERROR', step: 0 } };
  }
  const driver = new EpisodeDriver(new EpisodeState(config), system, claims, opTimeoutMs, undefined, recheckEvery);
  let finding: TraceRun['finding'];
  let found: Finding | undefined;
  try {
    for (const op of trace) {
      found = await driver.step(op);
      if (found !== undefined || driver.stopped) break;
    }
    if (found === undefined && !driver.stopped) found = await driver.finish();
    if (found !== undefined) finding = { invariant: found.invariant, step: driver.trace.length };
  } finally {
    // A system that will not close cleanly is an adapter error of its run, as in a generated run.
    const closeFailure = await closeSystem(system, opTimeoutMs);
    if (closeFailure !== undefined) finding ??= { invariant: 'ADAPTER-ERROR', step: driver.trace.length };
  }
  return { outcomes: driver.outcomes, observations: driver.observations, finding, ...(found === undefined ? {} : { found: { finding: found, trace: [...driver.trace] } }) };
}

/** What a re-run of a finding showed: it recurs every time, or the system is nondeterministic on its trace. */
export type Confirmation = { readonly kind: 'stable' } | { readonly kind: 'nondeterministic'; readonly detail: string; readonly recurred: number; readonly reruns: number };

/**
 * Before a finding is reported, re-runs its (shrunk) trace on `reruns` fresh systems (spec/ADAPTER.md §6). If
 * each ends with the same finding at the same step, it is stable. Otherwise the system answered the same trace
 * differently: the detail names the first step and field where two runs' answers differ, with both values.
 */
export async function confirmFinding(error: FindingError, reruns: number, rerun: () => Promise<TraceRun>): Promise<Confirmation> {
  const step = error.trace.length;
  const runs: TraceRun[] = [{ outcomes: error.outcomes, observations: error.observations, finding: { invariant: error.finding.invariant, step } }];
  for (let i = 0; i < reruns; i += 1) runs.push(await rerun());
  const recurred = runs.slice(1).filter((r) => r.finding?.invariant === error.finding.invariant && r.finding.step === step).length;
  if (recurred === reruns) return { kind: 'stable' };
  return { kind: 'nondeterministic', recurred, reruns, detail: `nondeterministic: ${differingAnswer(runs) ?? sameAnswers(error, recurred, reruns)}` };
}

const answerOf = (outcome: RecordedOutcome | undefined): unknown => (outcome === undefined ? undefined : outcome.kind === 'adapter-error' ? { kind: 'adapter-error', message: outcome.message } : normalizeOutcome(outcome));
const said = (outcome: RecordedOutcome | undefined): string => (outcome === undefined ? 'nothing (the run had ended)' : outcome.kind === 'adapter-error' ? `an error (${outcome.message})` : describeOutcome(outcome as Outcome));
const shown = (observed: ReadonlyMap<string, SpanObservation> | undefined): unknown => Object.fromEntries([...(observed ?? new Map<string, SpanObservation>())].sort(([a], [b]) => a.localeCompare(b)));

/** "step N answered X on one run and Y on another (first differing field …)", or undefined when every answer agrees. */
export function differingAnswer(runs: readonly TraceRun[]): string | undefined {
  const steps = Math.max(...runs.map((r) => r.outcomes.length));
  for (let i = 0; i < steps; i += 1) {
    const [first, ...others] = runs;
    for (const other of others) {
      const difference = firstDifference(answerOf(first?.outcomes[i]), answerOf(other.outcomes[i]), 'outcome') ?? firstDifference(shown(first?.observations[i]), shown(other.observations[i]), 'observed');
      if (difference === undefined) continue;
      const answers = `step ${i + 1} answered ${said(first?.outcomes[i])} on one run and ${said(other.outcomes[i])} on another`;
      return `${answers} (first differing field: ${difference.path}, ${difference.left} vs ${difference.right})`;
    }
  }
  return undefined;
}

function sameAnswers(error: FindingError, recurred: number, reruns: number): string {
  return `the ${error.finding.invariant} finding at step ${error.trace.length} recurred on ${recurred} of ${reruns} fresh runs, though every answer and observation was the same`;
}
