import type { Adapter } from '../adapters/Adapter.ts';
import { validateSystem } from '../adapters/validateAdapter.ts';
import type { CheckProgress } from '../check/CheckProgress.ts';
import { referenceAdapter } from '../subjects/reference.ts';
import type { Operation } from '../model/Operation.ts';
import type { PruningSystem } from '../adapters/Adapter.ts';
import { deepFreeze } from '../util/deepFreeze.ts';
import { describeThrown } from '../util/safeJson.ts';
import { withTimeout } from '../util/withTimeout.ts';
import { Driver, SCENARIO_OP_TIMEOUT_MS } from './Driver.ts';
import { judgeRun } from './judgeRun.ts';
import { assertProbe, callOperation, fixProbe, needProbe, rankProbe, retryProbe } from './probes.ts';
import { clip, pruningPass, summarizeAndPrune, writeSummary } from './pruningPass.ts';
import { appendSpan, type RunContext } from './RunContext.ts';
import type { FillerEvent, Scenario, TimelineEvent } from './Scenario.ts';
import type { ScenarioRun } from './ScenarioRun.ts';
import { SimulatedModel } from './SimulatedModel.ts';

/**
 * Runs a scenario on one runtime: turn by turn, routine filler spans, then the turn's events in file order,
 * then the pruning pass if occupancy reached the trigger. The simulated model reacts to what the runtime
 * answers (a rejected prune is not retried, `window-full` makes it accept loss, a lookup answer decides what
 * it believes). A runtime that throws has crashed: the episode stops there. Deterministic for a given
 * scenario and runtime.
 */
export async function runScenario(scenario: Scenario, adapter: Adapter, options: ScenarioRunOptions = {}): Promise<ScenarioRun> {
  const timeoutMs = options.opTimeoutMs ?? SCENARIO_OP_TIMEOUT_MS;
  const config = deepFreeze({
    capacity: scenario.window.capacity,
    ...(scenario.window.storeDistinguishesAbsent === undefined ? {} : { storeDistinguishesAbsent: scenario.window.storeDistinguishesAbsent }),
  });
  let system: PruningSystem;
  let createFailure: string | undefined;
  try {
    system = validateSystem(await withTimeout(() => adapter.create(config), Math.max(timeoutMs, 30_000), 'create'));
  } catch (error: unknown) {
    // The runtime never started: every probe is unreached, and the timeline says why.
    createFailure = `create(${JSON.stringify(config)}) failed: ${describeThrown(error, 500)}`;
    system = { apply: () => Promise.reject(new Error(createFailure)), observe: () => [] };
  }
  const driver = new Driver(system, timeoutMs);
  if (createFailure !== undefined) {
    driver.crash = { turn: 0, message: createFailure, code: undefined };
    driver.note(0, 'crash', createFailure);
  }
  const ctx: RunContext = { scenario, driver, model: new SimulatedModel(scenario.seed, scenario.model), probes: [], recalls: new Map(), refused: new Set(), backoff: 0 };
  const lastTurn = scenario.timeline.reduce((last, e) => Math.max(last, e.kind === 'filler' ? e.to : e.turn), 1);
  const observed = new Set(scenario.timeline.filter((e) => e.kind === 'observe' || e.kind === 'derive').map((e) => e.turn));
  // Each turn's events and filler, found once: a turn loop that scanned the whole timeline was quadratic.
  const eventsAt = new Map<number, TimelineEvent[]>();
  const fillerAt = new Map<number, FillerEvent>();
  for (const event of scenario.timeline) {
    if (event.kind !== 'filler') {
      const at = eventsAt.get(event.turn);
      if (at === undefined) eventsAt.set(event.turn, [event]);
      else at.push(event);
    }
    else for (let t = event.turn; t <= event.to; t += 1) if (!fillerAt.has(t)) fillerAt.set(t, event);
  }
  const started = Date.now();
  try {
    for (let turn = 1; turn <= lastTurn; turn += 1) {
      const filler = fillerAt.get(turn);
      if (filler !== undefined && !observed.has(turn) && driver.crash === undefined) await fillerTurn(ctx, filler, turn);
      for (const event of eventsAt.get(turn) ?? []) await runEvent(ctx, event);
      if (driver.crash === undefined) await pruningPass(ctx, turn);
      options.onProgress?.({ adapter: `${scenario.name} on ${adapter.name}`, runsDone: turn, runsTotal: lastTurn, opsChecked: driver.operations.length, elapsedMs: Date.now() - started, violations: 0, unit: scenario.unit });
    }
  } finally {
    if (createFailure === undefined) {
      try {
        await withTimeout(() => system.close?.(), Math.max(timeoutMs, 2_000), 'close');
      } catch (error: unknown) {
        driver.note(lastTurn, 'crash', `close() failed after the run: ${describeThrown(error, 500)}`);
      }
    }
  }
  const judgement = judgeRun(scenario, adapter.name, ctx.probes);
  return {
    scenario: scenario.name,
    runtime: adapter.name,
    unit: scenario.unit,
    capacity: scenario.window.capacity,
    trigger: scenario.window.trigger,
    lastTurn,
    entries: driver.entries,
    operations: driver.operations,
    occupancy: driver.occupancy,
    probes: ctx.probes,
    crash: driver.crash === undefined ? undefined : { turn: driver.crash.turn, message: driver.crash.message },
    ...judgement,
  };
}

export interface ScenarioRunOptions {
  /** Per-call timeout for the runtime's operations and observations, in ms. Default 5000. */
  readonly opTimeoutMs?: number;
  /** Called after every turn (a long scenario shows its progress on stderr). */
  readonly onProgress?: (progress: CheckProgress) => void;
}

async function fillerTurn(ctx: RunContext, filler: FillerEvent, turn: number): Promise<void> {
  const id = `t${turn}`;
  const content = `turn ${turn}: tool call c${turn} returned ${filler.tokens} tokens of routine output`;
  await appendSpan(ctx, turn, { id, kind: 'raw', rawKind: 'tool-output', content, tokens: filler.tokens, score: ctx.model.score(filler.relevance), persist: filler.persist }, 'routine tool output');
}

async function runEvent(ctx: RunContext, e: TimelineEvent): Promise<void> {
  const { driver } = ctx;
  switch (e.kind) {
    case 'filler':
      return;
    case 'observe': {
      const score = ctx.model.score(e.relevance);
      driver.note(e.turn, 'append', `${e.id} ${e.rawKind} (${e.tokens} tok, relevance ${score}${e.persist ? ', logged' : ''}): "${clip(e.content, 70)}"`);
      await appendSpan(ctx, e.turn, { id: e.id, kind: 'raw', rawKind: e.rawKind, content: e.content, tokens: e.tokens, score, persist: e.persist }, e.gist);
      return;
    }
    case 'derive': {
      const score = ctx.model.score(e.relevance);
      driver.note(e.turn, 'append', `${e.id} derived from ${e.sources.join(', ')} (${e.tokens} tok, relevance ${score}): "${clip(e.content, 70)}"`);
      await appendSpan(ctx, e.turn, { id: e.id, kind: 'derived', content: e.content, tokens: e.tokens, score, sources: e.sources }, e.gist);
      return;
    }
    case 'call': {
      const outcome = await driver.apply(callOperation(ctx, e), e.turn);
      if (outcome !== undefined) driver.note(e.turn, 'call', `call "${e.signature}" (${e.requestId}) → ${outcome.kind}${e.status === undefined || e.status === 'accepted' ? '' : `; the world answers ${e.status}${e.retryAfter === undefined ? '' : `, retry-after ${e.retryAfter}s`}`}`);
      return;
    }
    case 'retry':
      return retryProbe(ctx, e);
    case 'summarize':
      if (e.prune) return void (await summarizeAndPrune(ctx, e.turn, e.id, e.sources, e.tokens));
      return writeSummary(ctx, e.turn, e.id, e.sources, e.tokens);
    case 'prune': {
      const outcome = await driver.apply({ kind: 'prune', spanId: e.id, ...(e.acceptLossy === undefined ? {} : { acceptLossy: e.acceptLossy }) }, e.turn);
      if (outcome?.kind === 'rejected') {
        ctx.refused.add(e.id);
        driver.addEvidence(e.id, 'prune-rejected');
        driver.note(e.turn, 'reject', `prune ${e.id} rejected: ${outcome.reason}`);
      }
      return;
    }
    case 'rotate': {
      const outcome = await driver.apply({ kind: 'rotate', ...(e.ids === undefined ? {} : { spanIds: e.ids }) }, e.turn);
      if (outcome?.kind === 'rotated') driver.note(e.turn, 'rotate', `backing store rotated: ${outcome.expired.length} cop${outcome.expired.length === 1 ? 'y' : 'ies'} expired (the model is not told)`);
      return;
    }
    case 'reframe': {
      const outcome = await driver.apply({ kind: 'reframe', frame: e.frame }, e.turn);
      if (outcome?.kind !== 'reframed') return;
      for (const id of outcome.floored) driver.addEvidence(id, 'floored');
      driver.note(e.turn, 'reframe', `task re-framed to "${e.frame}"${outcome.floored.length > 0 ? `; floored ${outcome.floored.join(', ')}` : ''}`);
      return;
    }
    case 'need':
      return needProbe(ctx, e);
    case 'assert':
      return assertProbe(ctx, e);
    case 'fix':
      return fixProbe(ctx, e);
    case 'rank':
      return rankProbe(ctx, e);
  }
}

/**
 * The operation trace a scenario produces on the reference runtime: a named, explicit example for the
 * conformance engine to run before generated episodes (the agent's reactions are the reference's).
 */
export async function scenarioTrace(scenario: Scenario): Promise<readonly Operation[]> {
  return (await runScenario(scenario, referenceAdapter)).operations;
}
