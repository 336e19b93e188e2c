import type { Adapter } from '../../adapters/Adapter.ts';
import { validateSystem } from '../../adapters/validateAdapter.ts';
import type { Clause } from '../../check/Clause.ts';
import { findingOf, type Finding } from '../../check/Finding.ts';
import { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import type { Operation } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { listScenarios, SCENARIOS_DIR } from '../../scenario/scenarioFiles.ts';
import type { FindingKind } from '../../check/FindingKind.ts';
import { EpisodeDriver } from './EpisodeDriver.ts';
import { FindingError } from '../FindingError.ts';
import { deepFreeze } from '../../util/deepFreeze.ts';
import { describeThrown } from '../../util/safeJson.ts';
import { TimeLimitError, withTimeout } from '../../util/withTimeout.ts';
import { closeSystem } from './checkAdapter.ts';
import { planTrace } from './planTrace.ts';
import { createForTrace } from './plannedTrace.ts';
import { DEFAULT_RECHECK_EVERY } from './Recheck.ts';
import { traceStartUp } from '../traceStartUp.ts';
import { readBuiltTraces, scenarioTextHash, type BuiltTrace } from './builtScenarioTraces.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A fixed episode run before the generated ones: a recorded incident, as the reference plays it. */
export interface ExplicitExample {
  readonly name: string;
  readonly config: RuntimeConfig;
  readonly trace: readonly Operation[];
}

let cached: Promise<readonly ExplicitExample[]> | undefined;

/**
 * The built-in incident scenarios (scenarios/*.json) as operation traces; computed once per process. A trace the
 * build computed from the same scenario text (builtScenarioTraces.ts) is taken as it is; any other is computed
 * on the reference here, as the build does.
 */
export function scenarioExamples(): Promise<readonly ExplicitExample[]> {
  cached ??= scenarioExamplesFrom(readBuiltTraces());
  return cached;
}

/** The built-in incidents' examples, taking from `built` each trace whose scenario text is unchanged. */
export function scenarioExamplesFrom(built: ReadonlyMap<string, BuiltTrace>): Promise<ExplicitExample[]> {
  return Promise.all(
    listScenarios().map(async (name) => {
      const stored = built.get(name);
      if (stored !== undefined && stored.sha256 === builtInScenarioHash(name)) {
        return { name: `scenario:${name}`, config: stored.config, trace: stored.trace };
      }
      return scenarioExample(name);
    }),
  );
}

/** One built-in scenario turned into its trace on the reference, with the text's hash (what the build stores). */
export async function builtTraceOf(name: string): Promise<BuiltTrace> {
  const example = await scenarioExample(name);
  return { name, sha256: builtInScenarioHash(name), config: example.config, trace: example.trace };
}

/** The SHA-256 of a built-in scenario file's text: what a built trace is keyed by. */
function builtInScenarioHash(name: string): string {
  return scenarioTextHash(readFileSync(join(SCENARIOS_DIR, `${name}.json`), 'utf8'));
}

async function scenarioExample(name: string): Promise<ExplicitExample> {
  // Loaded only when a trace is computed here: the scenario parser and engine are modules a built check skips.
  const { loadScenario } = await import('../../scenario/loadScenario.ts');
  const scenario = loadScenario(name);
  const config: RuntimeConfig = {
    capacity: scenario.window.capacity,
    ...(scenario.window.storeDistinguishesAbsent === undefined ? {} : { storeDistinguishesAbsent: scenario.window.storeDistinguishesAbsent }),
  };
  const { scenarioTrace } = await import('../../scenario/runScenario.ts');
  return { name: `scenario:${name}`, config, trace: await scenarioTrace(scenario) };
}

/**
 * Runs one explicit example through the same driver and checkers as generated runs. Answers the finding as a
 * `FindingError` (ready to become a counterexample), or undefined when the example passes or uses operations
 * the adapter does not support.
 */
export async function runExample(
  adapter: Adapter,
  example: ExplicitExample,
  claims: (i: FindingKind) => boolean,
  opTimeoutMs: number,
  createTimeoutMs: number,
  watch: ExampleWatch = {},
): Promise<{ error: FindingError | undefined; steps: number; timeLimit?: boolean }> {
  // A runtime check's first episode: every check runs the recorded incidents before its generated runs.
  traceStartUp('first-episode');
  if (!example.trace.every((op) => adapter.capabilities.operations.includes(op.kind))) return { error: undefined, steps: 0 };
  const config = deepFreeze(structuredClone(example.config));
  let system;
  watch.onEpisode?.({ config });
  try {
    // A supervised module is handed the whole incident with the system: one round trip, not one per step.
    system = validateSystem(await withTimeout(() => createForTrace(adapter, config, example.trace, watch.recheckEvery ?? DEFAULT_RECHECK_EVERY, watch.deadline), createTimeoutMs, 'create', watch.deadline));
  } catch (error: unknown) {
    watch.onEpisode?.(undefined);
    if (error instanceof TimeLimitError) return { error: undefined, steps: 0, timeLimit: true };
    const finding: Finding = { invariant: 'ADAPTER-ERROR', because: [`create(${JSON.stringify(example.config)}) failed: ${describeThrown(error)}`] };
    return { error: new FindingError(finding, example.config, [], []), steps: 0 };
  }
  const driver = new EpisodeDriver(new EpisodeState(example.config), system, claims, opTimeoutMs, watch.deadline, watch.recheckEvery);
  watch.onEpisode?.({ config, driver });
  const failed = (finding: Finding) => {
    const named: Clause = { about: 'step', text: `explicit example ${example.name}`, facts: [] };
    const marked = finding.clauses === undefined ? { invariant: finding.invariant, because: [named.text, ...finding.because] } : findingOf(finding.invariant, [named, ...finding.clauses]);
    return { error: new FindingError(marked, example.config, [...driver.trace], [...driver.outcomes], [...driver.observations]), steps: driver.trace.length };
  };
  try {
    await planTrace(system, example.trace, opTimeoutMs, watch.deadline);
    for (const op of example.trace) {
      const finding = await driver.step(op);
      if (finding !== undefined) return failed(finding);
      if (driver.stopped) break;
    }
    const last = await driver.finish();
    return last === undefined ? { error: undefined, steps: driver.trace.length } : failed(last);
  } catch (error: unknown) {
    if (error instanceof TimeLimitError) return { error: undefined, steps: driver.trace.length, timeLimit: true };
    throw error;
  } finally {
    watch.onEpisode?.(undefined);
    await closeSystem(system, opTimeoutMs);
  }
}

/** What the engine around an example watches: the check's deadline, and the episode in progress. */
export interface ExampleWatch {
  readonly deadline?: number;
  /** The check's recheck interval (default 16). */
  readonly recheckEvery?: number;
  readonly onEpisode?: (episode: { readonly config: RuntimeConfig; readonly driver?: EpisodeDriver } | undefined) => void;
}
