import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { isKept } from '../../check/policy/messageQueries.ts';
import type { PolicyObservation, PolicySettle } from '../../check/policy/PolicyObservation.ts';
import type { PolicyStep, PolicySystem } from '../../adapters/policy/PolicyAdapter.ts';
import { createAdversarialModel, FakeModelOutage } from '../../gen/policy/fakeModel.ts';
import type { PolicyCaseRun } from '../../check/policy/PolicyCaseRun.ts';
import type { PolicyCase } from '../../gen/policy/PolicyCase.ts';
import { buildConversation } from '../../gen/policy/buildConversation.ts';
import { describeThrown } from '../../util/safeJson.ts';
import { TimeLimitError, TimeoutError, withTimeout } from '../../util/withTimeout.ts';
import { feedAsTheFrameworkWould } from './capabilityRounds.ts';
import { gatedModel, stepWithArrivals } from './interleaveArrivals.ts';
import { POLICY_STEP_TIMEOUT_MS } from './policyDefaults.ts';

export interface PolicyRunOptions {
  /** Per-call timeout for `create` and `step`, in ms. Default 5000. A call past it ends the run as `timedOut`. */
  readonly timeoutMs?: number;
  /** `Date.now()` ms at which the check's time limit stops the run. */
  readonly deadline?: number;
}


/** Feeds the case's rounds to a fresh system from `adapter`, one prune after each, and records what it saw. */
export async function runPolicyCase(adapter: PolicyAdapter, c: PolicyCase, options: PolicyRunOptions = {}): Promise<PolicyCaseRun> {
  const timeoutMs = options.timeoutMs ?? POLICY_STEP_TIMEOUT_MS;
  const conversation = feedAsTheFrameworkWould(buildConversation(c), adapter.capabilities);
  const model = createAdversarialModel(c.script, conversation.written.values());
  const gated = gatedModel(model);
  const observations: PolicyObservation[] = [];
  const seen = new Map<string, PolicyMessage>();
  const stepMs: number[] = [];
  let view: readonly PolicyMessage[] = [];
  let round = 0;
  // INV-37: arrivals the library did not show in its list yet; part of the next step's list.
  let pending: PolicyMessage[] = [];
  const concurrent = adapter.asynchronousPrune === true;
  // A round's arrivals not yet shown need one more step after the last round to be seen.
  const rounds = [...conversation.rounds];
  try {
    // The adapter gets copies: what it does to them must not change what the checkers compare against.
    const raw = await withTimeout(() => adapter.create(gated, structuredClone(c.config)), timeoutMs, 'create', options.deadline);
    const system = timed(raw, timeoutMs, options.deadline, stepMs);
    for (let r = 0; r < rounds.length || pending.length > 0; r += 1) {
      round += 1;
      const deferred = pending;
      // A synchronous pruner cannot take a message mid-prune: the agent loop hands it over with the next step.
      const incoming = concurrent ? (rounds[r] ?? []) : [...deferred, ...(rounds[r] ?? [])];
      const before = concurrent ? [...view, ...deferred, ...incoming] : [...view, ...incoming];
      for (const m of before) if (m.id !== undefined && !seen.has(m.id)) seen.set(m.id, m);
      const callsBefore = model.calls.length;
      const arrivals = conversation.arrivals[r] ?? [];
      let step: PolicyStep;
      let interleaving: readonly string[] | undefined;
      let arrived: readonly PolicyMessage[] = [];
      if (concurrent && arrivals.length > 0) {
        // The round runs on the adapter's own system, under one watchdog: the scheduler alone decides its order,
        // with no timer of the watchdog's between a step's await points (fast-check's scheduler counts microtasks).
        const handed = structuredClone(incoming);
        const interleaved = await withTimeout(() => stepWithArrivals(raw, gated, arrivals, (c.interleaving ?? 0) + round, () => stepOrOutage(raw, handed, before)), timeoutMs, 'step', options.deadline);
        step = interleaved.step;
        interleaving = interleaved.order;
        arrived = interleaved.during;
      } else {
        step = await stepOrOutage(system, incoming, before);
      }
      pending = arrivals.filter((m) => !isKept(m, step.view));
      const shownNow = arrivals.filter((m) => isKept(m, step.view));
      // An arrival the library already shows belongs to this step's list.
      const beforeNow = shownNow.length === 0 ? before : [...before, ...shownNow];
      for (const m of shownNow) if (m.id !== undefined && !seen.has(m.id)) seen.set(m.id, m);
      const calls = model.calls.slice(callsBefore);
      // INV-22: a prune that removed messages is followed by one with nothing new (the settle step); not when
      // arrivals may have reached an asynchronous pruner after its step returned: that is not "nothing new".
      let settle: PolicySettle | undefined;
      if (beforeNow.some((m) => !isKept(m, step.view)) && !(concurrent && arrivals.length > 0)) {
        const again = await stepOrOutage(system, [], step.view);
        settle = { after: again.view, calls: model.calls.slice(callsBefore + calls.length), ...(again.threw === undefined ? {} : { threw: again.threw }) };
      }
      observations.push({
        round,
        before: beforeNow,
        after: step.view,
        record: step.record,
        ...(step.threw === undefined ? {} : { threw: step.threw }),
        calls,
        seen: new Map(seen),
        written: conversation.written,
        ...(step.state === undefined ? {} : { state: step.state }),
        ...(settle === undefined ? {} : { settle }),
        ...(adapter.providers === undefined ? {} : { providers: adapter.providers }),
        ...(adapter.capabilities === undefined ? {} : { capabilities: adapter.capabilities }),
        ...(step.held === undefined ? {} : { held: step.held }),
        ...(step.outcome === undefined ? {} : { outcome: step.outcome }),
        ...(arrived.length === 0 ? {} : { arrived }),
        ...(interleaving === undefined ? {} : { interleaving }),
        ...(!concurrent && deferred.length > 0 ? { deferred } : {}),
      });
      view = settle?.after ?? step.view;
    }
  } catch (error: unknown) {
    // Slow or stuck is not wrong: the case ends `unknown (timeout)` and the check goes on with the next one.
    if (error instanceof TimeoutError && !(error instanceof TimeLimitError)) return { observations, calls: model.calls, timedOut: { round, what: error.what, ms: error.ms }, stepMs };
    return { observations, calls: model.calls, adapterError: { round, message: describeThrown(error) }, stepMs };
  }
  return { observations, calls: model.calls, stepMs };
}

/** The system with every `step` under the watchdog, on a copy of the incoming messages. */
function timed(system: PolicySystem, timeoutMs: number, deadline: number | undefined, stepMs: number[]): PolicySystem {
  if (typeof system !== 'object' || system === null || typeof (system as { step?: unknown }).step !== 'function') {
    throw new TypeError(`create() must answer a system with a step(incoming) method, got ${system === null ? 'null' : typeof system}`);
  }
  const arrive = system.arrive;
  return {
    step: async (incoming) => {
      const started = performance.now();
      try {
        return await withTimeout(() => system.step(structuredClone(incoming)), timeoutMs, 'step', deadline);
      } finally {
        stepMs.push(performance.now() - started);
      }
    },
    ...(typeof arrive === 'function' ? { arrive: (messages: readonly PolicyMessage[]) => withTimeout(async () => arrive.call(system, messages), timeoutMs, 'arrive', deadline) } : {}),
  };
}

/**
 * A pruner that lets the summarizer's own outage propagate has changed nothing it could report: that is the
 * library throwing (as deepagents does), not an adapter bug, so the list stays as it was. Any other exception
 * is the adapter's.
 */
async function stepOrOutage(system: PolicySystem, incoming: readonly PolicyMessage[], before: readonly PolicyMessage[]): Promise<PolicyStep> {
  try {
    return await system.step(incoming);
  } catch (error: unknown) {
    if (!(error instanceof FakeModelOutage)) throw error;
    return { view: before, record: { retained: [], offloaded: [], metadata: {} }, threw: error.message };
  }
}
