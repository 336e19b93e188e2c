import type { FakeChatModel, PolicyAdapter, PolicyConfig, PolicyStep, PolicySystem } from '../policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../policy/PolicyMessage.ts';
import { placeholder, type CreatedShape } from './supervisedRuntime.ts';
import type { Supervisor } from './Supervisor.ts';

/** A policy adapter whose module runs in a supervised process: `drain()` stops it when the check is over. */
export type SupervisedPolicyAdapter = PolicyAdapter & { readonly supervised: string; drain(): Promise<void> };

/**
 * The policy adapter a supervised module serves. Its pruner summarizes with prunecheck's fake model: each
 * `complete` it makes in its process is answered by the model here, and an outage the model throws, when the
 * pruner lets it through, is thrown again as that very error.
 */
export function supervisedPolicy(supervisor: Supervisor, fields: Readonly<Record<string, unknown>>): SupervisedPolicyAdapter {
  return {
    ...(fields as Omit<PolicyAdapter, 'create'>),
    supervised: supervisor.path,
    async create(model: FakeChatModel, config: PolicyConfig): Promise<PolicySystem> {
      const proc = await supervisor.process();
      const id = proc.id();
      proc.attachModel(id, model);
      const created = (await supervisor.call(proc, { t: 'create', id, config, model: model.contextChars === undefined ? {} : { contextChars: model.contextChars } }, 'create', supervisor.opTimeoutMs)) as CreatedShape;
      if (typeof created.shape !== 'object' || created.shape === null) return created.shape as PolicySystem;
      const type = (created.shape as Record<string, unknown>)['step'];
      if (type !== 'function') return { step: placeholder(type) } as unknown as PolicySystem;
      // An asynchronous pruner's arrive() (INV-37) crosses too: the harness hands it what lands during a prune.
      const arrive = (created.shape as Record<string, unknown>)['arrive'];
      // Replies come back in the order the child sent them; counted as they land, before any await of the caller's.
      let stepsAnswered = 0;
      return {
        step: async (incoming: readonly PolicyMessage[]) => {
          const answer = supervisor.call(proc, { t: 'call', id: proc.id(), sys: id, method: 'step', args: [incoming] }, 'step', supervisor.opTimeoutMs);
          void answer.then(() => void (stepsAnswered += 1), () => void (stepsAnswered += 1));
          return (await answer) as PolicyStep;
        },
        ...(arrive === 'function'
          ? {
              arrive: async (messages: readonly PolicyMessage[]): Promise<void> => {
                const before = stepsAnswered;
                await supervisor.call(proc, { t: 'call', id: proc.id(), sys: id, method: 'arrive', args: [messages] }, 'arrive', supervisor.opTimeoutMs);
                // The child answered a step before it took this arrival: settle after that step's answer has reached
                // the harness, which then counts the arrival with the next step, as the library does.
                if (stepsAnswered > before) await new Promise<void>((resolve) => setImmediate(resolve));
              },
            }
          : {}),
      };
    },
    drain: () => supervisor.drain(),
  };
}
