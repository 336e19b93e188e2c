import { NOT_PLAIN, plainCopy, samePlain } from './plainCopy.ts';

/**
 * A system's audit log as a batch's recheck sends it: the first `keep` entries as the last one sent, then the
 * rest. An entry's `operation` that is one of the operations the engine gave the system is sent as `null`, its
 * step listed in `refs` (`[index in tail, step index]`, steps counted from 0 since `create`).
 */
export interface WireLogTail {
  readonly keep: number;
  readonly tail: readonly unknown[];
  readonly refs: readonly (readonly [number, number])[];
}

/**
 * The child's side (`subjectChild.ts`). A log is read whole at every recheck, so sent whole it grew with the run
 * and was most of what crossed the boundary; an in-process runtime logs the very operation object it was given,
 * so most of each entry is an operation the engine holds already. An entry is sent as a copy taken when it was
 * read (`plainCopy`, as the engine would have read it then), the operations in it kept by identity: they are
 * frozen, so they cannot have changed. A log that is not plain data crosses as it is, and the next starts over.
 */
export class LogSender {
  private sent: unknown[] = [];

  /** `steps`: the operations the system was given, each with its step index (kept up to date by the child). */
  constructor(private readonly steps: ReadonlyMap<object, number>) {}

  encode(log: unknown): WireLogTail | undefined {
    const { steps } = this;
    if (!Array.isArray(log) || Object.getPrototypeOf(log) !== Array.prototype) {
      this.sent = [];
      return undefined;
    }
    let keep = 0;
    const limit = Math.min(log.length, this.sent.length);
    while (keep < limit && keep in log && samePlain(log[keep], this.sent[keep], steps)) keep += 1;
    const copies: unknown[] = [];
    const tail: unknown[] = [];
    const refs: (readonly [number, number])[] = [];
    for (let i = keep; i < log.length; i += 1) {
      const copy = i in log ? plainCopy(log[i], steps) : NOT_PLAIN;
      if (copy === NOT_PLAIN) {
        this.sent = [];
        return undefined;
      }
      copies.push(copy);
      const op: unknown = typeof copy === 'object' && copy !== null && !Array.isArray(copy) ? (copy as { operation?: unknown }).operation : undefined;
      const step = typeof op === 'object' && op !== null ? steps.get(op) : undefined;
      if (step === undefined) {
        tail.push(copy);
      } else {
        refs.push([tail.length, step]);
        tail.push({ ...(copy as object), operation: null });
      }
    }
    this.sent.length = keep;
    for (const copy of copies) this.sent.push(copy);
    return { keep, tail, refs };
  }
}
