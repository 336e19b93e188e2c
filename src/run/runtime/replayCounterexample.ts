import type { Adapter, PruningSystem } from '../../adapters/Adapter.ts';
import { validateSystem } from '../../adapters/validateAdapter.ts';
import { loadAdapter } from '../../subjects/loadAdapter.ts';
import type { Finding } from '../../check/Finding.ts';
import { readCounterexampleFile } from '../readCounterexampleFile.ts';
import { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import { INVARIANT_IDS } from '../../model/invariants.ts';
import { SPEC_VERSION } from '../../model/specVersion.ts';
import { claimsOf, closeSystem, createTimeoutMs, DEFAULTS } from './checkAdapter.ts';
import type { CheckReport, Counterexample, Verdict } from '../CheckReport.ts';
import { EpisodeDriver } from './EpisodeDriver.ts';
import { planTrace } from './planTrace.ts';
import { differingAnswer } from './confirmFinding.ts';
import { PRUNECHECK_VERSION } from '../version.ts';
import { deepFreeze } from '../../util/deepFreeze.ts';
import { describeThrown } from '../../util/safeJson.ts';
import { withTimeout } from '../../util/withTimeout.ts';
import { assertMayLoad } from '../replayTrust.ts';

/**
 * What a replay found. `reproduced`: the same finding at the same step. `diverged`: the same adapter version
 * no longer fails the same way on the same trace: never a pass. `passed`: another adapter, or another version of
 * it, runs the trace clean (a fix, or a different runtime: `notes` says which). `error`: the replay itself failed.
 */
export interface ReplayResult {
  readonly kind: 'reproduced' | 'diverged' | 'passed' | 'error';
  /**
   * Why a replay diverged, when the evidence says: `nondeterminism` (the same version answered an operation
   * differently from the recording), `adapter-changed` (another adapter or version), `unexplained` (every
   * operation answered as recorded, yet the finding differs: the system shows different state when observed, the
   * file's finding was edited, or prunecheck's checks changed since the recording).
   */
  readonly cause?: 'nondeterminism' | 'adapter-changed' | 'unexplained';
  /** What differs between the recording and this replay: the adapter, its version, prunecheck or the spec. */
  readonly notes?: readonly string[];
  readonly counterexample: Counterexample;
  readonly report: CheckReport;
  readonly detail: string;
}

export interface RuntimeReplayOptions {
  /** The adapter to replay against; default: the one the file names, which must be a built-in unless `trust`. */
  readonly adapter?: Adapter;
  readonly opTimeoutMs?: number;
  /** Load the adapter the file names even when it is a module or a command (it runs that code). */
  readonly trust?: boolean;
  /** Called before each step (1-based), so an interruption can say where the replay was. */
  readonly onStep?: (step: number) => void;
}

/** What differs between how a counterexample was recorded and this replay, in words. */
export function replayNotes(recorded: { adapter: string; adapterVersion: string; prunecheckVersion: string; specVersion: string }, adapter: { name: string; version: string }): string[] {
  const notes: string[] = [];
  if (adapter.name !== recorded.adapter) notes.push(`replayed against ${adapter.name} ${adapter.version}, not the recorded ${recorded.adapter} ${recorded.adapterVersion}: the result says nothing about ${recorded.adapter}`);
  else if (adapter.version !== recorded.adapterVersion) notes.push(`${adapter.name} is now version ${adapter.version}; the file was recorded with ${recorded.adapterVersion}`);
  if (recorded.prunecheckVersion !== PRUNECHECK_VERSION || recorded.specVersion !== SPEC_VERSION) {
    notes.push(`recorded with prunecheck ${recorded.prunecheckVersion} (spec ${recorded.specVersion}); this is prunecheck ${PRUNECHECK_VERSION} (spec ${SPEC_VERSION}): its checks may differ`);
  }
  return notes;
}

const VERDICTS: Record<ReplayResult['kind'], Verdict> = { reproduced: 'violation', diverged: 'diverged', passed: 'conformant', error: 'error' };

/** Re-runs a counterexample's trace, step by step, with the same checkers as the run that found it. */
export async function replayCounterexample(file: string, options: RuntimeReplayOptions = {}): Promise<ReplayResult> {
  const cx = (await readCounterexampleFile(file)).data as unknown as Counterexample;
  const started = Date.now();
  if (options.adapter === undefined) assertMayLoad(file, cx.adapterRef, options.trust === true);
  const adapter = options.adapter ?? (await loadAdapter(cx.adapterRef, options.opTimeoutMs === undefined ? {} : { opTimeoutMs: options.opTimeoutMs }));
  const opTimeoutMs = options.opTimeoutMs ?? DEFAULTS.opTimeoutMs;
  const sameVersion = adapter.name === cx.adapter && adapter.version === cx.adapterVersion;
  const notes = replayNotes(cx, adapter);
  let steps = 0;
  const finish = (kind: ReplayResult['kind'], detail: string, because: readonly string[] = [], cause?: ReplayResult['cause']): ReplayResult => {
    const durationMs = Math.max(1, Date.now() - started);
    const report: CheckReport = {
      adapter: adapter.name,
      adapterVersion: adapter.version,
      prunecheckVersion: PRUNECHECK_VERSION,
      specVersion: SPEC_VERSION,
      verdict: VERDICTS[kind],
      seed: cx.seed,
      runs: 1,
      opsChecked: steps,
      opsPerSecond: Math.round((steps / durationMs) * 1000),
      durationMs,
      invariants: INVARIANT_IDS.map((invariant) => ({ invariant, status: invariant === cx.invariant && kind === 'reproduced' ? 'violated' : 'inconclusive' })),
      violations: kind === 'reproduced' ? [{ invariant: cx.invariant, step: cx.step, because, replay: cx.replay, counterexample: file, traceLength: cx.trace.length }] : [],
      situations: {},
      ...(kind === 'reproduced' || kind === 'passed' ? {} : { error: detail }),
    };
    return { kind, ...(cause === undefined ? {} : { cause }), notes, counterexample: cx, report, detail };
  };

  let system: PruningSystem;
  try {
    system = validateSystem(await withTimeout(() => adapter.create(deepFreeze(structuredClone(cx.config))), createTimeoutMs(opTimeoutMs), 'create'));
  } catch (error: unknown) {
    const message = describeThrown(error);
    return cx.invariant === 'ADAPTER-ERROR' && cx.trace.length === 0 ? finish('reproduced', `create failed again: ${message}`, [message]) : finish('error', `create failed: ${message}`);
  }
  let closed = false;
  // Why a same-version replay that differs cannot be put down to nondeterminism when every answer matched.
  const unexplained = `every operation answered as recorded, so either the file's finding does not match its trace (was its invariant or step edited?), or the system shows different state when observed, which would be nondeterminism${notes.length > 0 ? `, or ${notes.join('; ')}` : ''}`;
  try {
    // Files from before rechecks (issue 11) carry no interval: they replay without one, as they were found.
    const driver = new EpisodeDriver(new EpisodeState(cx.config), system, claimsOf(adapter), opTimeoutMs, undefined, cx.recheckEvery ?? 0);
    let firstDifference: string | undefined;
    const judged = (finding: Finding, at: number): ReplayResult => {
      if (finding.invariant === cx.invariant && at === cx.step) return finish('reproduced', `${finding.invariant} again at step ${at}: ${finding.because.at(-2) ?? ''}`, finding.because);
      const different = `a different finding at step ${at} (${finding.invariant}; the file records ${cx.invariant} at step ${cx.step}): ${finding.because.join(' / ')}`;
      if (!sameVersion) return finish('diverged', `${different}; ${notes.join('; ')}`, [], 'adapter-changed');
      if (firstDifference !== undefined) return finish('diverged', `${different}; ${firstDifference}: the system behaves differently on the same trace (nondeterminism)`, [], 'nondeterminism');
      return finish('diverged', `${different}; ${unexplained}`, [], 'unexplained');
    };
    await planTrace(system, cx.trace, opTimeoutMs);
    for (const [i, op] of cx.trace.entries()) {
      options.onStep?.(i + 1);
      const finding = await driver.step(op);
      steps += 1;
      // The first answer that differs from the recorded run's, named by field and values.
      firstDifference ??= differingAnswer([{ outcomes: cx.outcomes.slice(i, i + 1), observations: [], finding: undefined }, { outcomes: driver.outcomes.slice(i, i + 1), observations: [], finding: undefined }])
        ?.replace(/^step 1 /, `step ${i + 1} `)
        .replace(' on one run and ', ' in the recorded run and ')
        .replace(' on another', ' now');
      if (finding !== undefined) return judged(finding, i + 1);
      if (driver.stopped) {
        const why = driver.inapplicable ?? `the run was cut short at step ${i + 1} by a finding on an invariant ${adapter.name} does not claim`;
        if (sameVersion && firstDifference !== undefined) return finish('diverged', `${why}; ${firstDifference}: the system behaves differently on the same trace (nondeterminism)`, [], 'nondeterminism');
        return finish('passed', why);
      }
    }
    // The end of the episode: the recheck a finding after the last step came from.
    const last = driver.stopped ? undefined : await driver.finish();
    if (last !== undefined) return judged(last, cx.trace.length);
    // A run whose system would not close (close threw, hung, or ended the adapter's process) is an adapter error
    // after its last step: closed here, as the check closed it.
    if (cx.invariant === 'ADAPTER-ERROR' && cx.step === cx.trace.length) {
      closed = true;
      const closeFailure = await closeSystem(system, opTimeoutMs);
      if (closeFailure !== undefined) return finish('reproduced', `ADAPTER-ERROR again after step ${cx.step}: ${closeFailure}`, [closeFailure]);
    }
    if (!sameVersion) return finish('passed', `${adapter.name} ${adapter.version} runs all ${cx.trace.length} steps without violating an invariant; ${notes.join('; ')}`);
    if (firstDifference !== undefined) return finish('diverged', `${adapter.name} ${adapter.version} ran all ${cx.trace.length} steps without the recorded ${cx.invariant}; ${firstDifference}: same version, different behaviour (nondeterminism)`, [], 'nondeterminism');
    return finish('diverged', `${adapter.name} ${adapter.version} ran all ${cx.trace.length} steps without the recorded ${cx.invariant}; ${unexplained}`, [], 'unexplained');
  } finally {
    if (!closed) await closeSystem(system, opTimeoutMs);
  }
}
