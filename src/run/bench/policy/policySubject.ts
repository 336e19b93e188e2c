import type { FakeChatModel, PolicyAdapter, PolicyConfig, PolicyStep, PolicySystem } from '../../../adapters/policy/PolicyAdapter.ts';
import { messageSize, type PolicyMessage } from '../../../adapters/policy/PolicyMessage.ts';
import type { BenchPathInfo, BenchRole } from '../AdapterBenchReport.ts';
import { AdapterBenchError } from '../AdapterBenchError.ts';
import { path, type BenchSubject } from '../BenchSubject.ts';
import { heapAfterGc } from '../heapAfterGc.ts';
import type { PolicyHistory } from './policyHistory.ts';

/** Messages kept verbatim after a prune, on every path. */
export const BENCH_KEEP = 20;
/** The episode's trigger: a pruner that keeps its state bounded works on at most this many messages per turn. */
export const EPISODE_TRIGGER = 40;

export const POLICY_PATHS: readonly BenchPathInfo[] = [
  { id: 'step-prune', label: 'step that prunes', unit: 'step', method: `a pruner holding N messages (fed in one step, below its trigger) gets the next turn, which reaches triggerMessages N+1: one compaction of N messages down to about ${BENCH_KEEP}` },
  { id: 'step-no-prune', label: 'step that does not prune', unit: 'step', method: 'a pruner holding N messages (triggerMessages 2N+10) gets the next turn: the cost of deciding not to prune, and of handing back the list' },
  { id: 'episode', label: 'episode, per turn', unit: 'turn', method: `the whole N-message conversation fed turn by turn to a fresh pruner (triggerMessages ${EPISODE_TRIGGER}, keepMessages ${BENCH_KEEP}); the episode's time divided by its turns, so a pruner that re-reads its whole history every turn is linear per turn (quadratic over the episode)` },
];

/** The summarizer the benchmark hands a pruner: it answers at once with a short summary, never fails. */
export const BENCH_MODEL: FakeChatModel = {
  complete: async (prompt: string) => `Summary of ${prompt.length} characters of earlier conversation: the agent read logs and issued refunds; details archived.`,
};

const sizeOf = (list: readonly PolicyMessage[]): number => list.reduce((n, m) => n + messageSize(m), 0);

interface StepState {
  readonly system: PolicySystem;
  answer: PolicyStep | undefined;
}

/**
 * A policy adapter as a bench subject. `historyAt(size)` answers the same seeded conversation of `size`
 * messages (and two more: the turn that follows) to every subject of the run.
 */
export function policySubject(adapter: PolicyAdapter, role: BenchRole, historyAt: (size: number) => PolicyHistory): BenchSubject {
  const create = async (config: PolicyConfig): Promise<PolicySystem> => adapter.create(BENCH_MODEL, config);
  return {
    role,
    name: adapter.name,
    pathIds: POLICY_PATHS.map((p) => p.id),
    async at(size) {
      const full = historyAt(size + 2);
      const built = full.messages.slice(0, size);
      const next = full.messages.slice(size);
      const fedSize = sizeOf(full.messages);
      const holding = async (triggerMessages: number): Promise<StepState> => {
        let first: PolicyStep;
        let system: PolicySystem;
        try {
          system = await create({ triggerMessages, keepMessages: BENCH_KEEP });
          first = await system.step(built);
        } catch (error: unknown) {
          throw new AdapterBenchError('BUILD_FAILED', `${adapter.name}: feeding it a history of ${size} messages (create, then one step) threw; a pruner must take a long history in one step`, { cause: error });
        }
        if (first.threw !== undefined) throw new AdapterBenchError('BUILD_FAILED', `${adapter.name}: its first step of ${size} messages threw: ${first.threw}`);
        return { system, answer: undefined };
      };
      const stepPath = (prunes: boolean) =>
        path<StepState>(prunes ? 'step-prune' : 'step-no-prune', {
          prepare: () => holding(prunes ? size + 1 : 2 * size + 10),
          async run(state) {
            state.answer = await state.system.step(next);
            return 1;
          },
          verify(state) {
            const answer = state.answer;
            if (answer?.threw !== undefined) return `${adapter.name} threw out of its step at ${size} messages: ${answer.threw}`;
            const pruned = answer !== undefined && (answer.view.length < size + 2 || sizeOf(answer.view) < fedSize);
            if (prunes && !pruned) return `${adapter.name} did not prune at ${size + 2} messages with triggerMessages ${size + 1} (its view kept ${answer?.view.length ?? 0} messages)`;
            if (!prunes && pruned) return `${adapter.name} pruned at ${size + 2} messages with triggerMessages ${2 * size + 10}: it has no step that only decides`;
            return undefined;
          },
        });
      let memory: number | undefined;
      const before = heapAfterGc();
      if (before !== undefined) {
        // Held in a variable that outlives the second collection, so the pruner cannot be collected before it.
        let kept: StepState | undefined = await holding(size + 1);
        await kept.system.step(next);
        const after = heapAfterGc();
        if (after !== undefined && kept !== undefined) memory = (after - before) / size;
        kept = undefined;
      }
      return {
        paths: [
          stepPath(true),
          stepPath(false),
          path<{ system: PolicySystem; last: PolicyStep | undefined }>('episode', {
            prepare: async () => ({ system: await create({ triggerMessages: EPISODE_TRIGGER, keepMessages: BENCH_KEEP }), last: undefined }),
            async run(state) {
              for (const turn of full.turns) state.last = await state.system.step(turn);
              return full.turns.length;
            },
            verify(state) {
              const last = state.last;
              if (last?.threw !== undefined) return `${adapter.name} threw out of a step of the episode: ${last.threw}`;
              if (last !== undefined && size + 2 > EPISODE_TRIGGER && last.view.length >= size + 2 && sizeOf(last.view) >= fedSize) {
                return `${adapter.name} never pruned over an episode of ${size + 2} messages with triggerMessages ${EPISODE_TRIGGER}`;
              }
              return undefined;
            },
          }),
        ],
        memory: () => (memory === undefined ? undefined : { role, subject: adapter.name, size, bytesPerItem: memory, contentBytesPerItem: full.contentChars * 2, item: 'message fed (beyond the messages themselves)' }),
        close: async () => undefined,
      };
    },
  };
}
