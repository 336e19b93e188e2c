import { types } from 'node:util';
import { NOT_PLAIN, plainCopy, samePlain } from './plainCopy.ts';

/**
 * An `observe(ids)` answer as a batch sends it: the answer, one observation per id, with those the engine holds
 * already (the same as the last sent for that id in this run) left out, their positions listed in `same`.
 */
export interface WireObserved {
  readonly value: readonly unknown[];
  readonly same: readonly number[];
}

function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && Object.getPrototypeOf(value) === Array.prototype && !types.isProxy(value);
}

/**
 * The child's side (`subjectChild.ts`). The observations were most of what a batch sent back (2.3 of 3.6 MB of a
 * 100-run check), and most repeat: the ids a step observes after it are those the next steps observe before
 * them and the rechecks read again, mostly unchanged. An observation is copied when it is read (`plainCopy`, so
 * a module's live object that changes later is sent as it was then), and sent only when it differs from the last
 * sent for its id. An answer that is not plain data, or not one per id, is not encoded (it crosses as it is,
 * copied) and changes nothing held.
 */
export class ObservationSender {
  private readonly sent = new Map<string, unknown>();

  encode(ids: readonly string[], answer: unknown): WireObserved | undefined {
    if (!isPlainArray(answer) || answer.length !== ids.length) return undefined;
    const value: unknown[] = new Array<unknown>(ids.length);
    const same: number[] = [];
    const copies: (readonly [string, unknown])[] = [];
    try {
      for (let i = 0; i < ids.length; i += 1) {
        if (!(i in answer)) return undefined;
        const id = ids[i] as string;
        if (this.sent.has(id) && samePlain(answer[i], this.sent.get(id))) {
          same.push(i);
          value[i] = 0;
          continue;
        }
        const copy = plainCopy(answer[i]);
        if (copy === NOT_PLAIN) return undefined;
        value[i] = copy;
        copies.push([id, copy]);
      }
    } catch {
      // A cycle, too deep to copy plainly: not encoded.
      return undefined;
    }
    // What the engine will hold once it has decoded this answer (`ObservationReceiver`): in the same order.
    for (const [id, copy] of copies) this.sent.set(id, copy);
    return { value, same };
  }
}
