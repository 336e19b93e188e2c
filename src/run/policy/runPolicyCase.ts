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

/** How long one `create` or `step` of a policy adapter may take before the run ends with a timeout. */
export const POLICY_STEP_TIMEOUT_MS = 5_000;

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
  const observations: PolicyObservation[] = [];
  const seen = new Map<string, PolicyMessage>();
  const stepMs: number[] = [];
  let view: readonly PolicyMessage[] = [];
  let round = 0;
  try {
    // The adapter gets copies: what it does to them must not change what the checkers compare against.
    const system = timed(await withTimeout(() => adapter.create(model, structuredClone(c.config)), timeoutMs, 'create', options.deadline), timeoutMs, options.deadline, stepMs);
    for (const incoming of conversation.rounds) {
      round += 1;
      const before = [...view, ...incoming];
      for (const m of before) if (m.id !== undefined && !seen.has(m.id)) seen.set(m.id, m);
      const callsBefore = model.calls.length;
      const step = await stepOrOutage(system, incoming, before);
      const calls = model.calls.slice(callsBefore);
      // INV-22: a prune that removed messages is followed by one with nothing new (the settle step).
      let settle: PolicySettle | undefined;
      if (before.some((m) => !isKept(m, step.view))) {
        const again = await stepOrOutage(system, [], step.view);
        settle = { after: again.view, calls: model.calls.slice(callsBefore + calls.length), ...(again.threw === undefined ? {} : { threw: again.threw }) };
      }
      observations.push({
        round,
        before,
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
  return {
    step: async (incoming) => {
      const started = performance.now();
      try {
        return await withTimeout(() => system.step(structuredClone(incoming)), timeoutMs, 'step', deadline);
      } finally {
        stepMs.push(performance.now() - started);
      }
    },
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
