import fc from 'fast-check';
import { validateSystem } from '../../adapters/validateAdapter.ts';
import type { Adapter, PruningSystem } from '../../adapters/Adapter.ts';
import { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import type { EpisodeDomain } from '../../gen/runtime/EpisodeDomain.ts';
import { RUNTIME_INVARIANT_IDS } from '../../model/invariants.ts';
import type { Operation, OperationKind } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { SPEC_VERSION } from '../../model/specVersion.ts';
import type { CheckOptions } from '../CheckOptions.ts';
import type { CheckReport, Counterexample, Verdict } from '../CheckReport.ts';
import type { FindingKind } from '../../check/FindingKind.ts';
import { EpisodeDriver } from './EpisodeDriver.ts';
import { Lookahead } from './Lookahead.ts';
import { PLANNED_CREATE, plannerOf, plansAhead } from '../../adapters/supervise/StepPlanner.ts';
import { createFailedBecause, earlierRuns, isBetweenRuns, isTimedCrash } from './asyncCrashes.ts';
import { RestartBudget } from './RestartBudget.ts';
import { DEFAULT_RECHECK_EVERY } from './Recheck.ts';
import { EvidenceTally } from './EvidenceTally.ts';
import { reportBase, type ReportBase } from './reportBase.ts';
import { confirmFinding, runTrace, type Confirmation, type TraceRun } from './confirmFinding.ts';
import { SIMPLIFY_BUDGET, simplifyFinding } from './simplifyFinding.ts';
import { keepsFinding, namesRuleFor } from './keepsFinding.ts';
import { FindingError } from '../FindingError.ts';
import { InternalError } from '../InternalError.ts';
import { OutputPathError } from '../../util/writeFileAtomic.ts';
import { episodeProperty, type EpisodeShape, type EpisodeSteps } from './episodeArbitrary.ts';
import { LONG_DRAW_FACTOR, TAIL_STEPS } from '../../gen/runtime/episodeMix.ts';
import { runSteps } from './runSteps.ts';
import type { RunModel } from './StepCommand.ts';
import { PRUNECHECK_VERSION } from '../version.ts';
import { deepFreeze } from '../../util/deepFreeze.ts';
import { describeOperation } from '../../check/runtime/describeOperation.ts';
import { describeInterruption, onInterrupt, type Interruption } from '../interruption.ts';
import { describeThrown } from '../../util/safeJson.ts';
import { TimeLimitError, withTimeout } from '../../util/withTimeout.ts';
import { runExample, scenarioExamples } from './explicitExamples.ts';
import { runGenerated } from '../parallel/runGenerated.ts';
import type { RunPlan } from '../parallel/RunPlan.ts';
import { discardCounterexample, findingIdentity, replayCommand, saveCounterexample, traceHash, type SavedCounterexample } from '../writeCounterexample.ts';

export const DEFAULTS = { runs: 300, maxSteps: 80, longSteps: { min: 500, max: 600 }, recheckEvery: DEFAULT_RECHECK_EVERY, opTimeoutMs: 5_000, outDir: 'reports/counterexamples', reruns: 3 } as const;


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

/** How long `close` may take: at least 2 s, since it may wait for a child process to exit. */
export function closeTimeoutMs(opTimeoutMs: number): number {
  return Math.max(opTimeoutMs, 2_000);
}

/** Closes a system under the watchdog; answers what went wrong when close throws or hangs. */
export async function closeSystem(system: PruningSystem, opTimeoutMs: number): Promise<string | undefined> {
  try {
    await withTimeout(() => system.close?.(), closeTimeoutMs(opTimeoutMs), 'close');
    return undefined;
  } catch (error: unknown) {
    return `close() failed after the run: ${describeThrown(error)}`;
  }
}

/** The most steps an episode runs: `maxSteps`, else the default for a normal or a `long` check. */
export function maxStepsOf(options: Pick<CheckOptions, 'maxSteps' | 'long'>): number {
  return options.maxSteps ?? (options.long === true ? DEFAULTS.longSteps.max : DEFAULTS.maxSteps);
}

/** How many steps the check's episodes draw (`maxSteps`, `long`), as the engine's property takes it. */
export function episodeShape(options: Pick<CheckOptions, 'maxSteps' | 'long'>): EpisodeShape {
  const long = options.long === true;
  const maxSteps = maxStepsOf(options);
  // A long episode draws more steps than it runs (a step with nothing to act on is skipped), capped at maxSteps.
  // Default runs mix in the tail of long episodes and the situation plans (issue 22); a --max-steps of its own bounds every run.
  if (!long) return { long, drawn: maxSteps, minDrawn: 0, ...(maxSteps === DEFAULTS.maxSteps ? { mixed: { maxSteps: Math.max(maxSteps, TAIL_STEPS.max) } } : {}) };
  return { long, drawn: Math.ceil(maxSteps * LONG_DRAW_FACTOR), minDrawn: Math.ceil(Math.min(DEFAULTS.longSteps.min, maxSteps) * LONG_DRAW_FACTOR) };
}

function verdictOf(invariant: FindingKind): Verdict {
  return invariant === 'ADAPTER-ERROR' ? 'error' : invariant === 'TIMEOUT' ? 'unknown' : 'violation';
}

/**
 * Runs the conformance suite against one adapter and answers the verdict as data: generated adversarial
 * episodes (fast-check commands with swarm testing), differential and invariant checks after every step,
 * shrinking, and a counterexample file for the shrunk failure, written before this function returns.
 */
export async function checkAdapter(adapter: Adapter, options: CheckOptions & { readonly plan?: RunPlan } = {}): Promise<CheckReport> {
  const runs = options.runs ?? DEFAULTS.runs;
  const seed = options.seed ?? (Date.now() ^ (Math.random() * 0x100000000)) >>> 0;
  const opTimeoutMs = options.opTimeoutMs ?? DEFAULTS.opTimeoutMs;
  const outDir = options.outDir ?? DEFAULTS.outDir;
  const reruns = options.reruns ?? DEFAULTS.reruns;
  const recheckEvery = options.recheckEvery ?? DEFAULTS.recheckEvery;
  const adapterRef = options.adapterRef ?? adapter.name;
  const claims = claimsOf(adapter);
  const supported = adapter.capabilities.operations;
  const shape = episodeShape(options);
  // Plans are a few in a hundred runs: only a check of the default runs or more is held to the situations only they reach.
  const tally = new EvidenceTally(adapter, shape.mixed !== undefined && runs >= DEFAULTS.runs);
  const started = Date.now();
  let opsChecked = 0;
  let failed = false;
  /** The first finding of a generated run, and the shortest failing trace since: what shrinking keeps. */
  let first: FindingKind | undefined;
  let shortest = Number.POSITIVE_INFINITY;
  const restarts = new RestartBudget(adapter);
  /**
   * Whether a failing candidate is a shrink: the same finding (another is another bug), or a named rule in place of
   * a DIFFERENTIAL (`keepsFinding`: the rule explains the difference), and no longer.
   */
  const shrinksTo = (error: FindingError): boolean => first === undefined || (keepsFinding(first, error.finding.invariant) && error.trace.length <= shortest);
  /** Counterexamples saved before the final one (unshrunk, or an explicit example's): removed once it is saved. */
  const provisional: SavedCounterexample[] = [];
  /** The smallest failing episode so far (shrinking replaces it): what an interruption saves. */
  let latest: FindingError | undefined;
  /** The episode in progress, for a stall (an adapter call blocking the process) to be reported on. */
  let running: Episode | undefined;
  /** Set when --time-limit cut a run short: that run neither passed nor failed. */
  let timeLimitHit = false;
  const deadline = options.timeLimitSeconds === undefined ? undefined : started + options.timeLimitSeconds * 1000;

  const save = (error: FindingError, path: string): SavedCounterexample =>
    saveCounterexample(outDir, { adapter: adapter.name, invariant: error.finding.invariant, seed, identity: findingIdentity([error.config, error.trace]) }, (file) => toCounterexample(error, path, file), provisional);
  const trySave = (error: FindingError, path: string, then: (saved: SavedCounterexample) => void): string | undefined => {
    try {
      then(save(error, path));
      return undefined;
    } catch (problem: unknown) {
      if (problem instanceof OutputPathError) return problem.message;
      throw problem;
    }
  };
  /**
   * Every failing run passes through here: the first is saved at once, unshrunk, so nothing found is lost, and
   * reported as progress (the run that failed counted, one violation), so a caller sees when it was first found.
   */
  const found = (error: FindingError): FindingError => {
    // A directory that cannot be written is reported with the final counterexample, not here.
    if (!failed) {
      restarts.begin();
      trySave(error, '', (saved) => provisional.push(saved));
      options.onProgress?.({ adapter: adapter.name, runsDone: tally.runs + 1, runsTotal: runs, opsChecked, elapsedMs: Date.now() - started, violations: 1 });
    }
    failed = true;
    latest = error;
    if (first === undefined || namesRuleFor(first, error.finding.invariant)) first = error.finding.invariant;
    shortest = Math.min(shortest, error.trace.length);
    return error;
  };
  /** Candidate episodes run since the first failure (shrinking, then simplifying): reported as progress. */
  let tried = 0;
  const shrinkProgress = (): void => {
    tried += 1;
    if (first === undefined || options.onProgress === undefined) return;
    options.onProgress({ adapter: adapter.name, runsDone: tally.runs + 1, runsTotal: runs, opsChecked, elapsedMs: Date.now() - started, violations: 1, shrinking: { finding: first, tried, steps: shortest } });
  };
  /** A run the time limit stopped is skipped (fast-check's precondition failure), never passed or failed. */
  const skipCutShort = (): never => {
    timeLimitHit = true;
    fc.pre(false);
    throw new TimeLimitError('the time limit ran out', 'run', 0);
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
    replay: replayCommand(file, adapterRef),
    traceHash: traceHash(error.trace),
    recheckEvery,
  });

  function baseOf(): ReportBase {
    return reportBase({ adapter: adapter.name, adapterVersion: adapter.version, prunecheckVersion: PRUNECHECK_VERSION, specVersion: SPEC_VERSION, seed }, tally, opsChecked, Date.now() - started);
  }

  /**
   * Writes the counterexample (replacing the unshrunk one saved on first failure) and builds the report:
   * `diverged` when the re-runs of its trace (`confirmation`) answered differently.
   */
  function failureReport(error: FindingError, path: string, base: ReportBase, confirmation: Confirmation = { kind: 'stable' }): CheckReport {
    let file = '';
    const unsaved = trySave(error, path, (saved) => void (file = saved.file));
    // Provisional saves this process created; a file an earlier run left is never removed.
    if (unsaved === undefined) for (const saved of provisional.splice(0)) if (saved.file !== file) discardCounterexample(saved);
    const found = { invariant: error.finding.invariant, step: error.trace.length, because: error.finding.because, ...(error.finding.clauses === undefined ? {} : { clauses: error.finding.clauses }), replay: file === '' ? '' : replayCommand(file, adapterRef), counterexample: file, traceLength: error.trace.length };
    const notes = [...(unsaved === undefined ? [] : [`the counterexample could not be saved: ${unsaved}`]), ...(restarts.cut ? [restarts.note()] : [])];
    if (confirmation.kind === 'nondeterministic') {
      const why = `the ${error.finding.invariant} finding at step ${error.trace.length} recurred on ${confirmation.recurred} of ${confirmation.reruns} fresh re-runs of its trace`;
      return { ...base, verdict: 'diverged', invariants: tally.statuses('diverged', undefined, `the system is nondeterministic on the trace of the ${error.finding.invariant} finding`), violations: [found], error: [`${confirmation.detail}; ${why}`, ...notes].join('; ') };
    }
    const verdict = verdictOf(error.finding.invariant);
    const errors = [...(verdict === 'violation' ? [] : [error.finding.because.join(' ')]), ...notes];
    return {
      ...base,
      verdict,
      invariants: tally.statuses(verdict, error.finding.invariant),
      violations: [found],
      ...(errors.length === 0 ? {} : { error: errors.join('; ') }),
    };
  }

  /**
   * A generated finding's shrunk trace, simplified further on concrete ids (`simplifyFinding`); a timeout is not
   * re-run, and the time limit stops it where it is. Each simpler one becomes what an interruption saves.
   */
  async function simplified(error: FindingError): Promise<FindingError> {
    if (error.finding.invariant === 'TIMEOUT' || error.trace.length <= 1) return error;
    const none: TraceRun = { outcomes: [], observations: [], finding: undefined };
    const run = async (trace: readonly Operation[]): Promise<TraceRun> => {
      if (deadline !== undefined && Date.now() > deadline) return none;
      shrinkProgress();
      return runTrace(adapter, error.config, trace, claims, opTimeoutMs, createTimeoutMs(opTimeoutMs), recheckEvery);
    };
    return simplifyFinding(error, run, SIMPLIFY_BUDGET, (simpler) => void (latest = simpler));
  }

  /**
   * Re-runs a finding's shrunk trace on fresh systems (spec/ADAPTER.md §6), then reports it. A timeout is not
   * re-run, nor an adapter process that ended between runs (its trace is empty, and the end was no step's) or on
   * an exception from its timer (timed by the event loop).
   */
  async function failure(error: FindingError, path: string, base: ReportBase): Promise<CheckReport> {
    const confirmation =
      reruns === 0 || error.finding.invariant === 'TIMEOUT' || isBetweenRuns(error) || isTimedCrash(error)
        ? ({ kind: 'stable' } as const)
        : await confirmFinding(error, reruns, () => runTrace(adapter, error.config, error.trace, claims, opTimeoutMs, createTimeoutMs(opTimeoutMs), recheckEvery));
    return failureReport(error, path, base, confirmation);
  }

  // The commands shrink first (deleting steps, then each step's fields toward their smallest failing values),
  // then the config (the window toward the smallest capacity that still fails), then the commands again; the swarm
  // and the domain do not shrink. A candidate that fails with another finding, or with a longer trace than the
  // shortest so far, counts as passing: shrinking keeps the bug it was given (a DIFFERENTIAL may become the named
  // rule that explains it), and never trades steps for a smaller window.
  const maxSteps = shape.mixed?.maxSteps ?? maxStepsOf(options);
  const run = async (commands: EpisodeSteps, enabled: ReadonlySet<OperationKind>, domain: EpisodeDomain, config: RuntimeConfig): Promise<undefined> => {
    // Shrinking that has started the adapter's process again too often: what is left passes, unrun.
    if (failed && restarts.spent()) return undefined;
    if (failed) shrinkProgress();
    let system: PruningSystem;
    running = { config, path: '' };
    // A system that runs steps ahead in one round trip (a supervised module) is given the predicted run in
    // batches, the first with the system itself.
    const lookahead = plansAhead(adapter) ? new Lookahead(commands, config, domain, enabled, maxSteps, recheckEvery, deadline) : undefined;
    const first = lookahead?.first() ?? [];
    try {
      // Creating may spawn a process: give it more time than one operation gets.
      const create = () => (lookahead !== undefined && plansAhead(adapter) ? adapter[PLANNED_CREATE](deepFreeze(config), first, deadline) : adapter.create(deepFreeze(config)));
      system = validateSystem(await withTimeout(create, createTimeoutMs(opTimeoutMs), 'create', deadline));
    } catch (error: unknown) {
      if (error instanceof TimeLimitError) return skipCutShort();
      const why = `create(${JSON.stringify(config)}) failed: ${describeThrown(error)}`;
      throw found(new FindingError({ invariant: 'ADAPTER-ERROR', because: createFailedBecause(why) }, config, [], []));
    }
    tally.noteSystem(system);
    const driver = new EpisodeDriver(new EpisodeState(config, domain), system, claims, opTimeoutMs, deadline, recheckEvery);
    running = { config, driver, path: '' };
    let thrown: { error: unknown } | undefined;
    try {
      lookahead?.attach(plannerOf(system));
      // As fc.asyncModelRun, without its awaits while the system answers synchronously (runSteps).
      const stepping = runSteps({ driver, enabled, maxSteps, ...(lookahead === undefined ? {} : { lookahead }) } satisfies RunModel, system, commands);
      if (stepping instanceof Promise) await stepping;
      // The end of the run: everything it touched, rechecked once more.
      const last = await driver.finish();
      if (last !== undefined) throw new FindingError(last, config, [...driver.trace], [...driver.outcomes], [...driver.observations]);
    } catch (error: unknown) {
      thrown = { error };
    }
    running = undefined;
    opsChecked += driver.trace.length;
    const closeFailure = await closeSystem(system, opTimeoutMs);
    if (thrown !== undefined) {
      if (thrown.error instanceof TimeLimitError) return skipCutShort();
      const error = thrown.error instanceof FindingError ? earlierRuns(thrown.error) : thrown.error;
      if (error instanceof FindingError && !shrinksTo(error)) return undefined;
      throw error instanceof FindingError ? found(error) : error;
    }
    // A run whose system will not close cleanly (close throws or hangs) is an adapter error of its own.
    if (closeFailure !== undefined) throw found(earlierRuns(new FindingError({ invariant: 'ADAPTER-ERROR', because: [closeFailure] }, config, [...driver.trace], [...driver.outcomes])));
    if (!failed) {
      tally.add(driver);
      options.onProgress?.({ adapter: adapter.name, runsDone: tally.runs, runsTotal: runs, opsChecked, elapsedMs: Date.now() - started, violations: 0 });
    }
    return undefined;
  };
  const property = episodeProperty(supported, shape, run);

  const examples = options.examples === false ? [] : await scenarioExamples();
  const baseNow = () => ({ ...baseOf(), examplesRun: examples.map((e) => e.name) });

  /** SIGINT, SIGTERM or a stall: save the smallest finding so far (or the stalled step) and report it. */
  const interrupted = (why: Interruption): CheckReport => {
    if (why.kind === 'stall' && running !== undefined) {
      const { config, driver, path } = running;
      const op = driver?.trace.at(-1);
      const because = [op === undefined ? `create(${JSON.stringify(config)})` : `step ${driver?.trace.length ?? 0}: ${describeOperation(op)}`, `${describeInterruption(why)}; the verdict is unknown. Run the adapter in a process prunecheck can stop: a module without --in-process (it is then supervised in a process of its own), or --adapter cmd:….`];
      return failureReport(new FindingError({ invariant: 'TIMEOUT', because }, config, [...(driver?.trace ?? [])], [...(driver?.outcomes ?? [])]), path, baseNow());
    }
    if (latest !== undefined) return { ...failureReport(latest, '', baseNow()), error: `${describeInterruption(why)}: the counterexample is the smallest failing episode found so far (shrinking was cut short)` };
    const reason = `${describeInterruption(why)} after ${tally.runs} runs, with no finding so far`;
    return { ...baseNow(), verdict: 'unknown', invariants: tally.statuses('unknown', undefined, reason), violations: [], error: `${reason}: the verdict is unknown` };
  };
  const release = onInterrupt((why) => interrupted(why));
  try {
    // Recorded incidents run first, as named regression cases. Their traces are long and are not shrunk, so
    // when the generated runs also fail, the shrunk generated counterexample is the one reported.
    let exampleFailure: { error: FindingError; name: string } | undefined;
    for (const example of examples) {
      const { error, steps, timeLimit } = await runExample(adapter, example, claims, opTimeoutMs, createTimeoutMs(opTimeoutMs), {
        recheckEvery,
        ...(deadline === undefined ? {} : { deadline }),
        onEpisode: (episode) => {
          running = episode === undefined ? undefined : { ...episode, path: example.name };
          if (episode?.driver !== undefined) tally.noteSystem(episode.driver.system);
        },
      });
      opsChecked += steps;
      if (timeLimit === true) timeLimitHit = true;
      if (error !== undefined) {
        exampleFailure = { error, name: example.name };
        latest = error;
        trySave(error, example.name, (saved) => provisional.push(saved));
        break;
      }
      if (timeLimitHit) break;
    }

    // Issue 14 (src/run/parallel): the generated runs, here as one fast-check call unless a plan (a shard's
    // chunks, worker threads) says otherwise; answered as fast-check answers.
    const details = await runGenerated(property, { verbose: process.env['PRUNECHECK_DEBUG'] === '1' ? 1 : 0, seed, runs, ...(deadline === undefined ? {} : { deadline }) }, options.plan, {
      tally,
      opsChecked: () => opsChecked,
      addOps: (n) => void (opsChecked += n),
      provisional,
      adopt: (error) => void (latest = error),
      progress: () => options.onProgress?.({ adapter: adapter.name, runsDone: tally.runs, runsTotal: runs, opsChecked, elapsedMs: Date.now() - started, violations: 0 }),
    });
    const base = baseNow();

    if (details.failed && details.errorInstance instanceof FindingError) {
      // A plan that does not shrink (a worker thread's chunks) ends at the failure as found: whoever reproduces it
      // shrinks and simplifies it, and simplifying here too re-ran its trace on fresh systems for nothing.
      const ends = options.plan?.kind === 'chunks' && !options.plan.shrink;
      return failure(ends ? details.errorInstance : await simplified(details.errorInstance), details.counterexamplePath ?? '', base);
    }
    // fast-check also reports a check interrupted before its first run as failed, without an error.
    if (details.failed && !details.interrupted) {
      throw new InternalError(`the check of ${adapter.name} failed outside any adapter call (seed ${seed}): ${describeThrown(details.errorInstance)}`, { cause: details.errorInstance });
    }
    if (exampleFailure !== undefined) return failure(exampleFailure.error, exampleFailure.name, base);
    const stoppedEarly = details.interrupted || timeLimitHit;
    const gaps = tally.gaps(seed);
    if (stoppedEarly && (gaps.length > 0 || tally.runs === 0)) {
      // A check the time limit cut short is never conformant on the runs it did not do.
      const reason = `no violation, but the time limit (${options.timeLimitSeconds ?? 0} s) stopped the check after ${tally.runs} of ${runs} runs${gaps.length === 0 ? '' : `; ${gaps.join('; ')}`}; raise --time-limit`;
      return { ...base, verdict: 'unknown', invariants: tally.statuses('unknown', undefined, reason), violations: [], error: reason };
    }
    if (gaps.length > 0) {
      return { ...base, verdict: 'unknown', invariants: tally.statuses('unknown', undefined, `no violation, but the evidence is too thin for a verdict: ${gaps[0] ?? ''}`), violations: [], error: `no violation, but the evidence is too thin for a verdict: ${gaps.join('; ')}` };
    }
    return { ...base, verdict: 'conformant', invariants: tally.statuses('conformant'), violations: [] };
  } finally {
    release();
  }
}

/** What an interruption needs of the episode in progress: its config, its driver once created, its path. */
interface Episode {
  readonly config: RuntimeConfig;
  readonly driver?: EpisodeDriver;
  /** fast-check's path, or the name of the explicit example. */
  readonly path: string;
}
