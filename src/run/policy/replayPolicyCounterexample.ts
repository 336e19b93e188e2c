import { readFile } from 'node:fs/promises';
import { loadPolicyAdapter } from '../../adapters/policy/loadPolicyAdapter.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { evaluatePolicyRun } from '../../check/policy/evaluatePolicyRun.ts';
import { POLICY_INVARIANT_IDS } from '../../check/policy/invariants.ts';
import type { InvariantId } from '../../model/invariants.ts';
import type { PolicyCounterexample } from './PolicyCounterexample.ts';
import { runPolicyCase } from './runPolicyCase.ts';

/**
 * What replaying a policy counterexample found: `reproduced` (the same invariant breaks on the same case),
 * `diverged` (same adapter version, no longer breaks: the pruner is nondeterministic), `passed` (a different
 * version passes: a fix), `error` (the file's invariant cannot be checked in policy mode).
 */
export interface PolicyReplayResult {
  readonly kind: 'reproduced' | 'diverged' | 'passed' | 'error';
  readonly counterexample: PolicyCounterexample;
  readonly adapterVersion: string;
  /** The breach found on replay, in the same words a check run uses. */
  readonly because: readonly string[];
  readonly detail: string;
}

/** Thrown for a file that is not a policy counterexample; names the file and the field. */
export class PolicyCounterexampleError extends Error {
  override readonly name = 'PolicyCounterexampleError';
  readonly code = 'BAD_POLICY_COUNTEREXAMPLE';
}

export async function readPolicyCounterexample(file: string): Promise<PolicyCounterexample> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error: unknown) {
    throw new PolicyCounterexampleError(`${file}: cannot read it as JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const cx = data as Partial<PolicyCounterexample>;
  const need = (ok: boolean, field: string, what: string): void => {
    if (!ok) throw new PolicyCounterexampleError(`${file}: field ${field} ${what}; is this a file written by a policy-mode check (reports/counterexamples/)?`);
  };
  need(cx.format === 'prunecheck-policy-counterexample/1', 'format', "must be 'prunecheck-policy-counterexample/1'");
  need(typeof cx.adapterRef === 'string' && cx.adapterRef !== '', 'adapterRef', 'must name the adapter');
  need(typeof cx.invariant === 'string', 'invariant', 'must be an invariant id or ADAPTER-ERROR');
  need(typeof cx.case === 'object' && cx.case !== null && Array.isArray(cx.case.turns), 'case', 'must hold the generated case (system, turns, rounds, script, config)');
  return cx as PolicyCounterexample;
}

/** Re-runs a policy counterexample's case against its adapter (or `options.adapter`) and checks its invariant. */
export async function replayPolicyCounterexample(file: string, options: { adapter?: PolicyAdapter } = {}): Promise<PolicyReplayResult> {
  const cx = await readPolicyCounterexample(file);
  const adapter = options.adapter ?? (await loadPolicyAdapter(cx.adapterRef));
  const finish = (kind: PolicyReplayResult['kind'], because: readonly string[], detail: string): PolicyReplayResult => ({ kind, counterexample: cx, adapterVersion: adapter.version, because, detail });
  const run = await runPolicyCase(adapter, cx.case);
  const sameVersion = adapter.name === cx.adapter && adapter.version === cx.adapterVersion;
  if (cx.invariant === 'ADAPTER-ERROR') {
    return run.adapterError === undefined
      ? finish(sameVersion ? 'diverged' : 'passed', [], 'the adapter no longer throws on this case')
      : finish('reproduced', [run.adapterError.message], `the adapter throws again in round ${run.adapterError.round}`);
  }
  if (!POLICY_INVARIANT_IDS.includes(cx.invariant as InvariantId)) return finish('error', [], `${cx.invariant} is not observable in policy mode`);
  const breach = evaluatePolicyRun(run, cx.invariant as InvariantId);
  if (breach !== undefined && breach.invariant === cx.invariant) {
    return finish('reproduced', breach.because, `${cx.invariant} breaks again in round ${breach.round} (recorded: round ${cx.round})`);
  }
  if (sameVersion) return finish('diverged', breach?.because ?? [], `${adapter.name} ${adapter.version} no longer breaks ${cx.invariant} on the same case: nondeterminism`);
  return finish('passed', [], `${adapter.name} ${adapter.version} passes ${cx.invariant} on this case (recorded with ${cx.adapterVersion})`);
}
