import { rmSync } from 'node:fs';
import fc from 'fast-check';
import type { Adapter, PruningSystem } from '../../adapters/Adapter.ts';
import { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import { configArbitrary, swarmArbitrary } from '../../gen/runtime/episodeArbitraries.ts';
import { templateArbitrary } from '../../gen/runtime/templateArbitrary.ts';
import { RUNTIME_INVARIANT_IDS } from '../../model/invariants.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { SPEC_VERSION } from '../../model/specVersion.ts';
import type { CheckOptions } from '../CheckOptions.ts';
import type { CheckReport, Counterexample, FindingKind, Verdict } from '../CheckReport.ts';
import { EpisodeDriver } from './EpisodeDriver.ts';
import { EvidenceTally } from './EvidenceTally.ts';
import { FindingError } from '../FindingError.ts';
import { StepCommand, type RunModel } from './StepCommand.ts';
import { PRUNECHECK_VERSION } from '../version.ts';
import { withTimeout } from '../withTimeout.ts';
import { runExample, scenarioExamples } from './explicitExamples.ts';
import { counterexamplePath, replayCommand, traceHash, writeCounterexample } from '../writeCounterexample.ts';

export const DEFAULTS = { runs: 300, maxSteps: 80, opTimeoutMs: 5_000, outDir: 'reports/counterexamples' } as const;

/** Whether a finding counts for this adapter: claimed invariants, and harness-level findings always. */
export function claimsOf(adapter: Adapter): (invariant: FindingKind) => boolean {
  const claimed = new Set<string>(adapter.capabilities.invariants);
  const claimsAll = RUNTIME_INVARIANT_IDS.every((id) => claimed.has(id));
  return (invariant) => (invariant === 'DIFFERENTIAL' ? claimsAll : invariant === 'ADAPTER-ERROR' || invariant === 'TIMEOUT' || claimed.has(invariant));
}

/** How long `create` may take: at least 30 s, since it may start a child process. */
export function createTimeoutMs(opTimeoutMs: number): number {
  return Math.max(opTimeoutMs, 30_000);
}

function verdictOf(invariant: FindingKind): Verdict {
  return invariant === 'ADAPTER-ERROR' ? 'error' : invariant === 'TIMEOUT' ? 'unknown' : 'violation';
}

/**
 * Runs the conformance suite against one adapter and answers the verdict as data: generated adversarial
 * episodes (fast-check commands with swarm testing), differential and invariant checks after every step,
 * shrinking, and a counterexample file for the shrunk failure, written before this function returns.
 */
export async function checkAdapter(adapter: Adapter, options: CheckOptions = {}): Promise<CheckReport> {
  const runs = options.runs ?? DEFAULTS.runs;
  const seed = options.seed ?? (Date.now() ^ (Math.random() * 0x100000000)) >>> 0;
  const opTimeoutMs = options.opTimeoutMs ?? DEFAULTS.opTimeoutMs;
  const outDir = options.outDir ?? DEFAULTS.outDir;
  const adapterRef = options.adapterRef ?? adapter.name;
  const claims = claimsOf(adapter);
  const supported = adapter.capabilities.operations;
  const tally = new EvidenceTally(adapter);
  const started = Date.now();
  let opsChecked = 0;
  let failed = false;
  let firstWritten: string | undefined;

  const saveFirst = (error: FindingError): void => {
    if (firstWritten !== undefined) return;
    firstWritten = counterexamplePath(outDir, adapter.name, error.finding.invariant, seed);
    writeCounterexample(firstWritten, toCounterexample(error, '', firstWritten));
  };
  const toCounterexample = (error: FindingError, path: string, file: string): Counterexample => ({
    format: 'prunecheck-counterexample/1',
    adapter: adapter.name,
    adapterRef,
    adapterVersion: adapter.version,
    prunecheckVersion: PRUNECHECK_VERSION,
    specVersion: SPEC_VERSION,
    invariant: error.finding.invariant,
    seed,
    path,
    config: error.config,
    trace: error.trace,
    outcomes: error.outcomes,
    step: error.trace.length,
    because: error.finding.because,
    ...(error.finding.clauses === undefined ? {} : { clauses: error.finding.clauses }),
    replay: replayCommand(file),
    traceHash: traceHash(error.trace),
  });

  function baseOf(): Omit<CheckReport, 'verdict' | 'invariants' | 'violations'> {
    const durationMs = Math.max(1, Date.now() - started);
    return {
      adapter: adapter.name,
      adapterVersion: adapter.version,
      prunecheckVersion: PRUNECHECK_VERSION,
      specVersion: SPEC_VERSION,
      seed,
      runs: tally.runs,
      opsChecked,
      opsPerSecond: Math.round((opsChecked / durationMs) * 1000),
      durationMs,
      situations: tally.situations,
      evidence: tally.evidence(),
    };
  }

  /** Writes the counterexample (replacing the unshrunk one saved on first failure) and builds the report. */
  function failure(error: FindingError, path: string, base: Omit<CheckReport, 'verdict' | 'invariants' | 'violations'>): CheckReport {
    const file = counterexamplePath(outDir, adapter.name, error.finding.invariant, seed);
    writeCounterexample(file, toCounterexample(error, path, file));
    if (firstWritten !== undefined && firstWritten !== file) rmSync(firstWritten, { force: true });
    const verdict = verdictOf(error.finding.invariant);
    return {
      ...base,
      verdict,
      invariants: tally.statuses(verdict, error.finding.invariant),
      violations: [{ invariant: error.finding.invariant, step: error.trace.length, because: error.finding.because, ...(error.finding.clauses === undefined ? {} : { clauses: error.finding.clauses }), replay: replayCommand(file), counterexample: file, traceLength: error.trace.length }],
      ...(verdict === 'violation' ? {} : { error: error.finding.because.join(' ') }),
    };
  }

  // Only the commands shrink: shrinking the window or the swarm first re-enables skipped steps and makes
  // the episode longer, which defeats the command shrinker.
  const property = fc.asyncProperty(
    fc.commands([templateArbitrary(supported).map((t) => new StepCommand(t))], { maxCommands: options.maxSteps ?? DEFAULTS.maxSteps, size: 'max' }),
    fc.noShrink(swarmArbitrary(supported)),
    fc.noShrink(configArbitrary),
    async (commands, enabled, config: RuntimeConfig) => {
      let system: PruningSystem;
      try {
        // Creating may spawn a process: give it more time than one operation gets.
        system = await withTimeout(Promise.resolve(adapter.create(config)), createTimeoutMs(opTimeoutMs), 'create');
      } catch (error: unknown) {
        throw new FindingError({ invariant: 'ADAPTER-ERROR', because: [`create(${JSON.stringify(config)}) failed: ${error instanceof Error ? error.message : String(error)}`] }, config, [], []);
      }
      const driver = new EpisodeDriver(new EpisodeState(config), system, claims, opTimeoutMs);
      try {
        await fc.asyncModelRun(() => ({ model: { driver, enabled } satisfies RunModel, real: system }), commands);
        if (!failed) tally.add(driver);
      } catch (error: unknown) {
        if (error instanceof FindingError) {
          if (!failed) saveFirst(error);
          failed = true;
        }
        throw error;
      } finally {
        opsChecked += driver.trace.length;
        if (!failed) options.onProgress?.({ adapter: adapter.name, runsDone: tally.runs, runsTotal: runs, opsChecked, elapsedMs: Date.now() - started, violations: 0 });
        await Promise.resolve(system.close?.()).catch(() => undefined);
      }
    },
  );

  // Recorded incidents run first, as named regression cases. Their traces are long and are not shrunk, so
  // when the generated runs also fail, the shrunk generated counterexample is the one reported.
  const examples = options.examples === false ? [] : await scenarioExamples();
  let exampleFailure: { error: FindingError; name: string } | undefined;
  for (const example of examples) {
    const { error, steps } = await runExample(adapter, example, claims, opTimeoutMs, createTimeoutMs(opTimeoutMs));
    opsChecked += steps;
    if (error !== undefined) {
      exampleFailure = { error, name: example.name };
      break;
    }
  }

  const details = await fc.check(property, {
    verbose: process.env['PRUNECHECK_DEBUG'] === '1' ? 1 : 0,
    seed,
    numRuns: runs,
    ...(options.timeLimitSeconds === undefined ? {} : { interruptAfterTimeLimit: options.timeLimitSeconds * 1000, markInterruptAsFailure: false }),
  });
  const base = { ...baseOf(), examplesRun: examples.map((e) => e.name) };

  if (details.failed) {
    const error = details.errorInstance;
    if (!(error instanceof FindingError)) {
      return { ...base, verdict: 'error', invariants: tally.statuses('error', undefined, 'the harness failed'), violations: [], error: `the harness failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` };
    }
    return failure(error, details.counterexamplePath ?? '', base);
  }
  if (exampleFailure !== undefined) return failure(exampleFailure.error, exampleFailure.name, base);
  const gaps = tally.gaps(seed);
  if (gaps.length > 0) {
    return { ...base, verdict: 'unknown', invariants: tally.statuses('unknown', undefined, `no violation, but the evidence is too thin for a verdict: ${gaps[0] ?? ''}`), violations: [], error: `no violation, but the evidence is too thin for a verdict: ${gaps.join('; ')}` };
  }
  return { ...base, verdict: 'conformant', invariants: tally.statuses('conformant'), violations: [] };
}
