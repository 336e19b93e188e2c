import fc from 'fast-check';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { renderMessages } from '../../adapters/policy/PolicyMessage.ts';
import { evaluatePolicyRun, type PolicyBreach } from '../../check/policy/evaluatePolicyRun.ts';
import { POLICY_INVARIANT_IDS } from '../../check/policy/invariants.ts';
import { policyCaseArbitrary, type PolicyCase } from '../../gen/policy/PolicyCase.ts';
import type { ModelCall } from '../../gen/policy/fakeModel.ts';
import type { InvariantId } from '../../model/invariants.ts';
import { SPEC_VERSION } from '../../model/specVersion.ts';
import type { CheckReport, InvariantResult, Violation } from '../CheckReport.ts';
import type { PolicyCounterexample, PolicyRoundTrace } from './PolicyCounterexample.ts';
import { runPolicyCase } from './runPolicyCase.ts';
import { simplifyPolicyCase } from './simplifyPolicyCase.ts';
import { POLICY_DEFAULT_RUNS, POLICY_STEP_TIMEOUT_MS } from './policyDefaults.ts';
import type { PolicyCaseRun } from '../../check/policy/PolicyCaseRun.ts';
import { policyCoverageGaps, policySituations } from './situations.ts';
import { PRUNECHECK_VERSION } from '../version.ts';
import { policyReportHeader } from './policyReportHeader.ts';
import { discardCounterexample, findingIdentity, replayCommand, saveCounterexample, type SavedCounterexample } from '../writeCounterexample.ts';
import { OutputPathError } from '../../util/writeFileAtomic.ts';
import { onInterrupt } from '../interruption.ts';
import { applicableSituations } from './situations.ts';
import { BUDGET_CASES, stepBudget, type StepBudget } from './stepBudget.ts';
import { describeTimeouts, type PolicyTimeout } from './PolicyTimeout.ts';
import { interruptedPolicyReport } from './interruptedPolicyReport.ts';
import { noExposure, noteExposure, withObservability } from './policyObservability.ts';

export interface PolicyCheckOptions {
  /** Generated conversations per invariant (the runs are shared: each case runs once). Default 250 (`POLICY_DEFAULT_RUNS`). */
  readonly runs?: number;
  /** fast-check seed. Default: drawn from the clock and printed in the report. */
  readonly seed?: number;
  /** How the CLI names the adapter, written into replay commands. Default: its name. */
  readonly adapterRef?: string;
  /** Where counterexamples are written. Default `reports/counterexamples`; `false` writes none. */
  readonly outDir?: string | false;
  /** Longest conversation, in turns after the task. Default 12. */
  readonly maxTurns?: number;
  /**
   * Per-call timeout for the adapter's `create` and `step`, in ms. Default: 5000, or, for a library whose first
   * cases' steps are slow, a budget measured from them (`stepBudget.ts`). A call past it ends its case as
   * `unknown (timeout)` and the check goes on with the next case.
   */
  readonly opTimeoutMs?: number;
}

/** A violation found in policy mode, with the failing round's lists in readable form. */
export interface PolicyViolation extends Violation {
  readonly round: number;
  readonly before: readonly string[];
  readonly after: readonly string[];
  /** The fake model's calls in the failing round. */
  readonly modelCalls: readonly ModelCall[];
  /** The failing round's settle step, if one ran (INV-22). */
  readonly settle?: PolicyRoundTrace['settle'];
  readonly note?: string;
}

/** `checkPolicyAdapter`'s result: a CheckReport with the package under test and the adapter's notes. */
export interface PolicyCheckReport extends CheckReport {
  readonly mode: 'policy';
  readonly package: string;
  readonly description: string;
  readonly notes: Readonly<Partial<Record<InvariantId, string>>>;
  readonly violations: readonly PolicyViolation[];
  /** Generated cases that ended `unknown (timeout)`, with their seed and path; the check went on after each. */
  readonly timeouts: readonly PolicyTimeout[];
  /** How long a step could take, and why (the flag, the default, or measured from the first rounds). */
  readonly stepBudget: StepBudget;
}

/** Exact command that replays a counterexample file. */
export function policyReplayCommand(file: string, adapterRef?: string): string {
  return replayCommand(file, adapterRef);
}

/**
 * Checks a policy-mode adapter: for each claimed invariant, a fast-check property over generated
 * conversations and fake-model scripts, shrunk on failure; each finding is written as a counterexample file.
 */
export async function checkPolicyAdapter(adapter: PolicyAdapter, options: PolicyCheckOptions = {}): Promise<PolicyCheckReport> {
  const started = performance.now();
  const runs = options.runs ?? POLICY_DEFAULT_RUNS;
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const outDir = options.outDir ?? 'reports/counterexamples';
  let runOptions = { timeoutMs: options.opTimeoutMs ?? POLICY_STEP_TIMEOUT_MS };
  let budget: StepBudget = stepBudget(options.opTimeoutMs, [], 0);
  const firstSteps: number[] = [];
  const timeouts: PolicyTimeout[] = [];
  const arbitrary = policyCaseArbitrary(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns });

  // Every invariant's property draws the same cases from the same seed; each case runs once.
  const cache = new Map<string, Promise<PolicyCaseRun>>();
  const run = (c: PolicyCase): Promise<PolicyCaseRun> => {
    const key = JSON.stringify(c);
    if (cache.size > 500) cache.clear();
    let hit = cache.get(key);
    if (hit === undefined) cache.set(key, (hit = runPolicyCase(adapter, c, runOptions)));
    return hit;
  };

  const invariants: InvariantResult[] = [];
  const violations: PolicyViolation[] = [];
  // Every situation the gate waits for is listed from the start, so a report shows the ones never reached.
  const situations: Record<string, number> = Object.fromEntries(applicableSituations(adapter.invariants, adapter.capabilities).map((name) => [name, 0]));
  let current = { path: '0', done: 0 };
  const exposed = noExposure();
  // First the plain runs, for the situations they reach; then one shrinking property per claimed invariant
  // over the same cases (same seed, so the cache answers them).
  let steps = 0;
  // A finding is on disk the moment a run first shows it (unshrunk), so an interruption, a kill or a crash
  // before its shrinking ends loses nothing; the shrunk counterexample replaces it.
  const provisional = new Map<string, SavedCounterexample>();
  const diverged: string[] = [];
  const unsaved: string[] = [];
  const ref = options.adapterRef ?? adapter.name;
  // A step that blocks the process (a synchronous loop in-process) cannot be cut short: the stall monitor
  // stops the check, and the report it prints names the case, what was checked before it and the flag.
  const release = onInterrupt((why, inner) => inner ?? interruptedPolicyReport(adapter, seed, why, current, runs, budget, timeouts, violations, situations, Math.round(performance.now() - started)));
  try {
  for (const [index, c] of fc.sample(arbitrary, { seed, numRuns: runs }).entries()) {
    current = { path: String(index), done: index };
    const result = await run(c);
    steps += result.observations.length;
    policySituations(result, situations);
    if (result.timedOut !== undefined) {
      timeouts.push({ seed, path: String(index), ...result.timedOut });
      situations['timed-out'] = (situations['timed-out'] ?? 0) + 1;
    }
    // The first rounds set the budget of the rest (a step that timed out says nothing about an ordinary one).
    if (index < BUDGET_CASES) firstSteps.push(...(result.stepMs ?? []).filter((ms) => ms < runOptions.timeoutMs));
    if (index === BUDGET_CASES - 1 || (index === runs - 1 && index < BUDGET_CASES)) {
      budget = stepBudget(options.opTimeoutMs, firstSteps, index + 1);
      runOptions = { timeoutMs: budget.ms };
    }
    noteExposure(result, exposed);
    if (outDir === false) continue;
    for (const id of POLICY_INVARIANT_IDS.filter((i) => adapter.invariants.includes(i))) {
      const breach = provisional.has(id) ? undefined : evaluatePolicyRun(result, id);
      // Keyed by the finding: an adapter error, whichever invariant met it, is one finding.
      if (breach !== undefined && !provisional.has(breach.invariant)) provisional.set(breach.invariant, save(adapter, ref, outDir, seed, '', c, result, breach).saved);
    }
  }
  for (const id of POLICY_INVARIANT_IDS) {
    if (!adapter.invariants.includes(id)) {
      invariants.push({ invariant: id, status: 'not-claimed' });
      continue;
    }
    const property = fc.asyncProperty(arbitrary, async (c) => evaluatePolicyRun(await run(c), id) === undefined);
    const details = await fc.check(property, { seed, numRuns: runs });
    const found = details.counterexample?.[0];
    // fast-check shrinks one field at a time; the finding may need the turns and the budgets to shrink together.
    const shrunk = found === undefined ? undefined : await simplifyPolicyCase(adapter, found, id, runOptions);
    const first = provisional.get(id);
    if (!details.failed && first !== undefined) {
      // Broken on a run, not when fast-check ran the same cases again: the pruner is not deterministic.
      const reason = `nondeterministic: a run broke ${id} (${first.file}) but the same cases did not when run again`;
      diverged.push(reason);
      invariants.push({ invariant: id, status: 'inconclusive', reason });
      continue;
    }
    if (!details.failed) {
      invariants.push({ invariant: id, status: 'passed' });
      continue;
    }
    if (shrunk === undefined) throw new Error(`fast-check failed ${id} without a counterexample: ${String(details.errorInstance)}`);
    const result = await runPolicyCase(adapter, shrunk, runOptions);
    const breach = evaluatePolicyRun(result, id) ?? {
      invariant: id,
      round: 0,
      because: [`the shrunk case broke ${id} under fast-check but not when run again: the pruner is not deterministic for this input.`],
    };
    // An adapter error stopped the property before it was exercised by every run: neither passed nor violated.
    invariants.push({ invariant: id, status: breach.invariant === 'ADAPTER-ERROR' ? 'inconclusive' : 'violated' });
    if (breach.invariant === 'ADAPTER-ERROR' && violations.some((v) => v.invariant === 'ADAPTER-ERROR')) continue;
    const sighted = provisional.get(breach.invariant);
    const saved = save(adapter, ref, outDir, seed, details.counterexamplePath ?? '', shrunk, result, breach, sighted === undefined ? [] : [sighted]);
    if (sighted !== undefined && sighted.file !== saved.violation.counterexample) discardCounterexample(sighted);
    violations.push(saved.violation);
    // A full disk or a directory that cannot be written loses the file, never the finding: the report says why.
    if (saved.unsaved !== undefined) unsaved.push(`the counterexample could not be saved: ${saved.unsaved}`);
  }

  // Coverage gate (as in runtime mode): a pass means something only if the situations that apply were reached.
  const gaps = violations.length === 0 ? policyCoverageGaps(adapter.invariants, situations, runs, adapter.capabilities) : [];
  const thin = gaps.length === 0 ? [] : [`no violation, but the evidence is too thin for a verdict: ${gaps.join('; ')}`];
  const slow = timeouts.length === 0 ? [] : [describeTimeouts(timeouts, runs)];
  const doubts = violations.length === 0 ? [...diverged, ...thin, ...slow] : [];
  const reason = doubts.join('; ');
  // Timed-out cases are counted in every report, beside the findings when there are some.
  const errors = [...doubts, ...(violations.length === 0 ? [] : slow), ...unsaved];
  const judged = doubts.length === 0 ? invariants : invariants.map((r): InvariantResult => (r.status === 'passed' ? { invariant: r.invariant, status: 'inconclusive', reason } : r));
  const durationMs = Math.round(performance.now() - started);
  return {
    ...policyReportHeader(adapter),
    verdict: violations.some((v) => v.invariant === 'ADAPTER-ERROR') ? 'error' : violations.length > 0 ? 'violation' : diverged.length > 0 ? 'diverged' : gaps.length > 0 || timeouts.length > 0 ? 'unknown' : 'conformant',
    ...(errors.length === 0 ? {} : { error: errors.join('; ') }),
    seed,
    runs,
    opsChecked: steps,
    opsPerSecond: durationMs === 0 ? 0 : Math.round((steps * 1000) / durationMs),
    durationMs,
    invariants: withObservability(judged, adapter, exposed),
    violations,
    situations,
    timeouts,
    stepBudget: budget,
  };
  } finally {
    release();
  }
}

/** Writes a finding's counterexample (replacing this run's own earlier save of it, `mine`) and answers the violation. */
function save(
  adapter: PolicyAdapter,
  adapterRef: string,
  outDir: string | false,
  seed: number,
  path: string,
  c: PolicyCase,
  result: PolicyCaseRun,
  breach: PolicyBreach,
  mine: readonly SavedCounterexample[] = [],
): { readonly violation: PolicyViolation; readonly saved: SavedCounterexample; readonly unsaved?: string } {
  const note = breach.invariant === 'ADAPTER-ERROR' ? undefined : adapter.notes?.[breach.invariant];
  const rounds: PolicyRoundTrace[] = result.observations.map((o) => ({
    round: o.round,
    before: renderMessages(o.before),
    after: renderMessages(o.after),
    ...(o.threw === undefined ? {} : { threw: o.threw }),
    record: { retained: o.record.retained.length, offloaded: o.record.offloaded.map((f) => f.path), metadata: o.record.metadata },
    modelCalls: o.calls,
    ...(o.settle === undefined ? {} : { settle: { after: renderMessages(o.settle.after), modelCalls: o.settle.calls } }),
  }));
  // Atomic, under a sanitised name unique to this finding (an adapter's name never leaves outDir).
  const key = { adapter: adapter.name, invariant: breach.invariant, seed, identity: findingIdentity(c) };
  const build = (file: string): PolicyCounterexample => {
    const replay = policyReplayCommand(file, adapterRef);
    return {
      format: 'prunecheck-policy-counterexample/1',
      mode: 'policy',
      adapter: adapter.name,
      adapterRef,
      adapterVersion: adapter.version,
      package: adapter.package,
      prunecheckVersion: PRUNECHECK_VERSION,
      specVersion: SPEC_VERSION,
      invariant: breach.invariant,
      seed,
      path,
      case: c,
      caseHash: key.identity,
      round: breach.round,
      because: breach.because,
      replay,
      ...(note === undefined ? {} : { note }),
      rounds,
    };
  };
  let saved: SavedCounterexample = { file: '', created: false };
  let unsaved: string | undefined;
  try {
    if (outDir !== false) saved = saveCounterexample(outDir, key, build, mine);
  } catch (error: unknown) {
    if (!(error instanceof OutputPathError)) throw error;
    unsaved = error.message;
  }
  const file = saved.file;
  const replay = file === '' ? '' : policyReplayCommand(file, adapterRef);
  const failing = rounds.find((r) => r.round === breach.round);
  const violation: PolicyViolation = {
    invariant: breach.invariant,
    step: breach.round,
    round: breach.round,
    because: breach.because,
    replay,
    counterexample: file,
    traceLength: Math.max(breach.round, result.observations.length),
    before: failing?.before ?? [],
    after: failing?.after ?? [],
    modelCalls: failing?.modelCalls ?? [],
    ...(failing?.settle === undefined ? {} : { settle: failing.settle }),
    ...(note === undefined ? {} : { note }),
  };
  return { violation, saved, ...(unsaved === undefined ? {} : { unsaved }) };
}
