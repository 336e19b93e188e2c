import fc from 'fast-check';
import type { FakeChatModel, PolicyStep, PolicySystem } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';

/**
 * A model whose answers can be handed to a scheduler: while a round with arrivals runs, each summarizer answer
 * is released only when fast-check's scheduler picks it, so arrivals can land before, between or after them.
 */
export interface GatedModel extends FakeChatModel {
  gate: ((answer: Promise<string>) => Promise<string>) | undefined;
}

export function gatedModel(model: FakeChatModel): GatedModel {
  const gated: GatedModel = {
    gate: undefined,
    complete(prompt) {
      const answer = model.complete(prompt);
      if (gated.gate === undefined) return answer;
      // A refusal waits for the scheduler like an answer; until then it is not an unhandled rejection.
      answer.catch(() => undefined);
      return gated.gate(answer);
    },
    ...(model.contextChars === undefined ? {} : { contextChars: model.contextChars }),
  };
  return gated;
}

/** How one round's arrivals were handed over, and in which order the scheduler released what it held. */
export interface InterleavedStep {
  readonly step: PolicyStep;
  /** The arrivals handed over before the step returned: they raced its prune (INV-37 judges them on its result). */
  readonly during: readonly PolicyMessage[];
  /** The scheduler's release order: `summarizer answers` and `arrival <id>` labels. */
  readonly order: readonly string[];
}

/**
 * Runs one step of an asynchronous pruner (INV-37) while `arrivals` land through `system.arrive`, one after
 * another, each at the moment fast-check's scheduler (seeded with `seed`, so the same case gives the same order)
 * releases it: before the summarizer answers, between answers, or after the step returned. Resolves once the
 * step and every arrival are done.
 */
export async function stepWithArrivals(
  system: PolicySystem,
  model: GatedModel,
  arrivals: readonly PolicyMessage[],
  seed: number,
  step: () => Promise<PolicyStep>,
): Promise<InterleavedStep> {
  const arrive = system.arrive;
  if (typeof arrive !== 'function') throw new TypeError('the adapter declares asynchronousPrune: true, so its system must implement arrive(messages) (spec/ADAPTER.md, policy mode)');
  const [s] = fc.sample(fc.scheduler(), { seed, numRuns: 1 });
  if (s === undefined) throw new Error('fast-check sampled no scheduler');
  model.gate = (answer) => s.schedule(answer, 'summarizer answers');
  let returned = false;
  const during: PolicyMessage[] = [];
  try {
    // In the order they were written (results first, as the turn they complete comes before anything queued);
    // the scheduler decides where among the summarizer's answers each one lands. Only the moment is scheduled,
    // not the call: an arrive() that itself waits for the summarizer (a library that compacts on add) would
    // otherwise hold the scheduler until an answer only the scheduler can release.
    const delivered = (async () => {
      for (const m of arrivals) {
        await s.schedule(Promise.resolve(), `arrival ${m.id ?? '(no id)'}`);
        // It raced the prune only if the library had it before the step answered: a supervised system's arrive()
        // crosses a process boundary, and a step already answered there takes it with the next one.
        await arrive.call(system, [structuredClone(m)]);
        if (!returned) during.push(m);
      }
    })();
    // Awaited below, once the step has answered; a failing arrive() is the adapter's error then, not unhandled now.
    delivered.catch(() => undefined);
    const result = await s.waitFor(Promise.resolve(step()).finally(() => void (returned = true)));
    await s.waitFor(delivered);
    await s.waitAll();
    const order = s.report().filter((r) => r.status !== 'pending').map((r) => r.label ?? '');
    return { step: result, during, order };
  } finally {
    model.gate = undefined;
  }
}
