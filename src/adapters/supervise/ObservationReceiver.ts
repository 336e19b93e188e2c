import type { WireObserved } from './ObservationSender.ts';

/**
 * The engine's side (`SupervisedSystem`): each `observe(ids)` answer of a batch rebuilt from the observations held
 * (the last received for each id) and those sent, in the order the child encoded them. Undefined for an answer
 * out of shape, or one that names an observation not held.
 */
export class ObservationReceiver {
  private readonly held = new Map<string, unknown>();

  decode(ids: readonly string[], wire: unknown): unknown[] | undefined {
    if (typeof wire !== 'object' || wire === null) return undefined;
    const { value, same } = wire as Partial<WireObserved>;
    if (!Array.isArray(value) || value.length !== ids.length || !Array.isArray(same)) return undefined;
    const answer = [...(value as unknown[])];
    const kept = new Set<number>();
    for (const index of same as unknown[]) {
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= ids.length) return undefined;
      const id = ids[index] as string;
      if (!this.held.has(id)) return undefined;
      answer[index] = this.held.get(id);
      kept.add(index);
    }
    for (let i = 0; i < ids.length; i += 1) if (!kept.has(i)) this.held.set(ids[i] as string, answer[i]);
    return answer;
  }
}
