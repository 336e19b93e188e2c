import { loadPolicyAdapter } from '../../subjects/policy/loadPolicyAdapter.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { evaluatePolicyRun } from '../../check/policy/evaluatePolicyRun.ts';
import { POLICY_INVARIANT_IDS } from '../../check/policy/invariants.ts';
import type { InvariantId } from '../../model/invariants.ts';
import type { PolicyCounterexample } from './PolicyCounterexample.ts';
import { runPolicyCase } from './runPolicyCase.ts';
import { renderMessages } from '../../adapters/policy/PolicyMessage.ts';
import { CounterexampleFileError } from '../CounterexampleFileError.ts';
import { readCounterexampleFile } from '../readCounterexampleFile.ts';
import { assertMayLoad } from '../replayTrust.ts';
import { replayNotes } from '../runtime/replayCounterexample.ts';
import { PolicyCounterexampleError } from './PolicyCounterexampleError.ts';

/**
 * What replaying a policy counterexample found: `reproduced` (the same invariant breaks on the same case),
 * `diverged` (same adapter version, no longer breaks), `passed` (another adapter or version passes: a fix, or a
 * different pruner, as `notes` says), `error` (the file's invariant cannot be checked in policy mode).
 */
export interface PolicyReplayResult {
  readonly kind: 'reproduced' | 'diverged' | 'passed' | 'error';
  readonly counterexample: PolicyCounterexample;
  readonly adapterVersion: string;
  /** Why a replay diverged, when the evidence says (as for runtime replays: `ReplayResult['cause']`). */
  readonly cause?: 'nondeterminism' | 'unexplained';
  /** What differs between the recording and this replay: the adapter, its version, prunecheck or the spec. */
  readonly notes?: readonly string[];
  /** The breach found on replay, in the same words a check run uses. */
  readonly because: readonly string[];
  readonly detail: string;
}

// Its own module, so that the CLI's exit codes know it without loading the policy engine.
export { PolicyCounterexampleError } from './PolicyCounterexampleError.ts';

/** Reads and checks a policy counterexample file (`readCounterexampleFile`), as this engine's error. */
export async function readPolicyCounterexample(file: string): Promise<PolicyCounterexample> {
  let read;
  try {
    read = await readCounterexampleFile(file, 'policy');
  } catch (error: unknown) {
    if (error instanceof CounterexampleFileError) throw new PolicyCounterexampleError(error.message, { cause: error });
    throw error;
  }
  return read.data as unknown as PolicyCounterexample;
}

export interface PolicyReplayOptions {
  /** The adapter to replay against; default: the one the file names, which must be a built-in unless `trust`. */
  readonly adapter?: PolicyAdapter;
  /** Load the adapter the file names even when it is a module (it runs that code). */
  readonly trust?: boolean;
  /** Per-call timeout for the adapter's create and step, in ms. */
  readonly opTimeoutMs?: number;
}

/** Re-runs a policy counterexample's case against its adapter (or `options.adapter`) and checks its invariant. */
export async function replayPolicyCounterexample(file: string, options: PolicyReplayOptions = {}): Promise<PolicyReplayResult> {
  const cx = await readPolicyCounterexample(file);
  if (options.adapter === undefined) assertMayLoad(file, cx.adapterRef, options.trust === true);
  const adapter = options.adapter ?? (await loadPolicyAdapter(cx.adapterRef, options.opTimeoutMs === undefined ? {} : { opTimeoutMs: options.opTimeoutMs }));
  const notes = replayNotes(cx, adapter);
  const finish = (kind: PolicyReplayResult['kind'], because: readonly string[], detail: string, cause?: PolicyReplayResult['cause']): PolicyReplayResult => ({
    kind,
    ...(cause === undefined ? {} : { cause }),
    notes,
    counterexample: cx,
    adapterVersion: adapter.version,
    because,
    detail,
  });
  const run = await runPolicyCase(adapter, cx.case, options.opTimeoutMs === undefined ? {} : { timeoutMs: options.opTimeoutMs });
  const sameVersion = adapter.name === cx.adapter && adapter.version === cx.adapterVersion;
  // Same lists as recorded, round by round: then a different result is not the pruner's nondeterminism.
  const sameLists = run.observations.length === cx.rounds.length && run.observations.every((o, i) => JSON.stringify(renderMessages(o.after)) === JSON.stringify(cx.rounds[i]?.after));
  const whyDifferent = sameLists
    ? { cause: 'unexplained' as const, text: `it answered the same lists as recorded in every round, so either the file's finding does not match its case (was its invariant edited?)${notes.length > 0 ? `, or ${notes.join('; ')}` : ''}` }
    : { cause: 'nondeterminism' as const, text: 'it answered other lists than recorded on the same case: nondeterminism' };
  if (cx.invariant === 'ADAPTER-ERROR') {
    if (run.adapterError !== undefined) return finish('reproduced', [run.adapterError.message], `the adapter throws again in round ${run.adapterError.round}`);
    return sameVersion ? finish('diverged', [], `the adapter no longer throws on this case; ${whyDifferent.text}`, whyDifferent.cause) : finish('passed', [], `the adapter no longer throws on this case; ${notes.join('; ')}`);
  }
  if (!POLICY_INVARIANT_IDS.includes(cx.invariant as InvariantId)) return finish('error', [], `${cx.invariant} is not observable in policy mode`);
  const breach = evaluatePolicyRun(run, cx.invariant as InvariantId);
  if (breach !== undefined && breach.invariant === cx.invariant) {
    return finish('reproduced', breach.because, `${cx.invariant} breaks again in round ${breach.round} (recorded: round ${cx.round})`);
  }
  if (sameVersion) return finish('diverged', breach?.because ?? [], `${adapter.name} ${adapter.version} no longer breaks ${cx.invariant} on the same case; ${whyDifferent.text}`, whyDifferent.cause);
  return finish('passed', [], `${adapter.name} ${adapter.version} passes ${cx.invariant} on this case; ${notes.join('; ')}`, undefined);
}
