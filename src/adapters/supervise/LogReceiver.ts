import type { WireLogTail } from './LogSender.ts';

/** A log as the engine reads it: its entries, and those whose `operation` is the engine's own of a step, to put back. */
export interface DecodedLog {
  readonly value: readonly unknown[];
  readonly refs: readonly (readonly [Record<string, unknown>, number])[];
}

/**
 * The engine's side (`SupervisedSystem`): each log rebuilt from the last one and the tail, in the order the child
 * sent them. Undefined for a tail out of shape.
 */
export class LogReceiver {
  private last: readonly unknown[] = [];

  decode(wire: unknown): DecodedLog | undefined {
    if (typeof wire !== 'object' || wire === null) return undefined;
    const { keep, tail, refs } = wire as Partial<WireLogTail>;
    if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 0 || keep > this.last.length || !Array.isArray(tail) || !Array.isArray(refs)) return undefined;
    const held: [Record<string, unknown>, number][] = [];
    for (const ref of refs as unknown[]) {
      if (!Array.isArray(ref)) return undefined;
      const [index, step] = ref as unknown[];
      const entry: unknown = typeof index === 'number' ? tail[index] : undefined;
      if (typeof entry !== 'object' || entry === null || typeof step !== 'number') return undefined;
      held.push([entry as Record<string, unknown>, step]);
    }
    const value = this.last.slice(0, keep).concat(tail as unknown[]);
    this.last = value;
    return { value, refs: held };
  }
}
