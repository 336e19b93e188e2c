import type { Adapter, PruningSystem } from '../../adapters/Adapter.ts';
import { validateSystem } from '../../adapters/validateAdapter.ts';
import { loadAdapter } from '../../adapters/loadAdapter.ts';
import { readCounterexampleFile } from '../readCounterexampleFile.ts';
import { sameOutcome } from '../../check/runtime/normalizeOutcome.ts';
import { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import { INVARIANT_IDS } from '../../model/invariants.ts';
import type { Outcome } from '../../model/Outcome.ts';
import { SPEC_VERSION } from '../../model/specVersion.ts';
import { claimsOf, closeSystem, createTimeoutMs, DEFAULTS } from './checkAdapter.ts';
import type { CheckReport, Counterexample, Verdict } from '../CheckReport.ts';
import { EpisodeDriver } from './EpisodeDriver.ts';
import { PRUNECHECK_VERSION } from '../version.ts';
import { deepFreeze } from '../deepFreeze.ts';
import { describeThrown } from '../safeJson.ts';
import { withTimeout } from '../withTimeout.ts';

/**
 * What a replay found. `reproduced`: the same finding at the same step. `diverged`: the same adapter version
 * no longer fails the same way on the same trace (nondeterminism): never a pass. `passed`: the adapter's
 * version changed since the recording and the trace now runs clean (a fix). `error`: the replay itself failed.
 */
export interface ReplayResult {
  readonly kind: 'reproduced' | 'diverged' | 'passed' | 'error';
  readonly counterexample: Counterexample;
  readonly report: CheckReport;
  readonly detail: string;
}

const VERDICTS: Record<ReplayResult['kind'], Verdict> = { reproduced: 'violation', diverged: 'diverged', passed: 'conformant', error: 'error' };

/** Re-runs a counterexample's trace, step by step, with the same checkers as the run that found it. */
export async function replayCounterexample(file: string, options: { adapter?: Adapter; opTimeoutMs?: number } = {}): Promise<ReplayResult> {
  const cx = (await readCounterexampleFile(file)).data as unknown as Counterexample;
  const started = Date.now();
  const adapter = options.adapter ?? (await loadAdapter(cx.adapterRef));
  const opTimeoutMs = options.opTimeoutMs ?? DEFAULTS.opTimeoutMs;
  const sameVersion = adapter.name === cx.adapter && adapter.version === cx.adapterVersion;
  let steps = 0;
  const finish = (kind: ReplayResult['kind'], detail: string, because: readonly string[] = []): ReplayResult => {
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
    return { kind, counterexample: cx, report, detail };
  };

  let system: PruningSystem;
  try {
    system = validateSystem(await withTimeout(() => adapter.create(deepFreeze(structuredClone(cx.config))), createTimeoutMs(opTimeoutMs), 'create'));
  } catch (error: unknown) {
    const message = describeThrown(error);
    return cx.invariant === 'ADAPTER-ERROR' && cx.trace.length === 0 ? finish('reproduced', `create failed again: ${message}`, [message]) : finish('error', `create failed: ${message}`);
  }
  try {
    const driver = new EpisodeDriver(new EpisodeState(cx.config), system, claimsOf(adapter), opTimeoutMs);
    for (const [i, op] of cx.trace.entries()) {
      const finding = await driver.step(op);
      steps += 1;
      const recorded = cx.outcomes[i];
      const actual = driver.outcomes[i];
      const answeredDifferently =
        recorded !== undefined && actual !== undefined && (recorded.kind === 'adapter-error' || actual.kind === 'adapter-error' ? recorded.kind !== actual.kind : !sameOutcome(recorded as Outcome, actual as Outcome));
      if (finding !== undefined) {
        if (finding.invariant === cx.invariant && i + 1 === cx.step) return finish('reproduced', `${finding.invariant} again at step ${i + 1}: ${finding.because.at(-2) ?? ''}`, finding.because);
        return finish('diverged', `a different finding at step ${i + 1} (${finding.invariant}, recorded ${cx.invariant} at step ${cx.step}): ${finding.because.join(' / ')}`);
      }
      if (answeredDifferently && sameVersion) return finish('diverged', `step ${i + 1} answered ${actual?.kind}, the recorded run answered ${recorded?.kind}; the system behaves differently on the same trace (nondeterminism)`);
      if (driver.stopped) return finish('passed', `the finding at step ${i + 1} concerns an invariant ${adapter.name} does not claim`);
    }
    if (!sameVersion) return finish('passed', `${adapter.name} ${adapter.version} (recorded: ${cx.adapterVersion}) runs all ${cx.trace.length} steps without violating an invariant`);
    return finish('diverged', `${adapter.name} ${adapter.version} ran all ${cx.trace.length} steps without the recorded ${cx.invariant}: same version, different behaviour (nondeterminism)`);
  } finally {
    await closeSystem(system, opTimeoutMs);
  }
}
