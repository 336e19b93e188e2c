import { digest } from './digest.ts';
import type { BackingCopy } from './Span.ts';

/** What a backing-store read returns. With `distinguishesAbsent: false` an expired copy reads as `absent`. */
export type StoreRead =
  | { readonly status: 'present'; readonly content: string; readonly digest: string }
  | { readonly status: 'expired' }
  | { readonly status: 'absent' };

/** A copy whose bytes are still there. */
export type LiveCopy = BackingCopy & { content: string };

/** Whatever holds a span's latest copy: the span's own record (`Span.copy`) in a runtime's store. */
interface CopyHolder {
  copy?: BackingCopy | undefined;
}

/**
 * The runtime's durable copy of spans (tool-call log, transcript, scratchpad), outside the window (seed 002).
 *
 * Contract:
 * - `put` stores a copy under a fresh handle; the latest handle of a span is what `handleFor` answers.
 * - `expire` drops copies' content (rotation, retention), as the model cannot see: every copy of each named
 *   span, or every copy in the store. The handle stays known, so a store that `distinguishesAbsent` answers
 *   `expired`, not `absent` (seed 002, condition 3).
 * - `overwrite` replaces the bytes of every live copy of a span under the same handles (a log rewritten in
 *   place): a read then answers the new bytes and their digest, which is how a stale copy is caught (D-25).
 * - Every read is O(1); expiring or overwriting named spans is O(their copies).
 *
 * A runtime binds the store to its table of span records (`bind`): a span's latest copy is then kept on its
 * record (`Span.copy`), where the prune gate finds it without a lookup of its own (`readCopy`).
 */
export class BackingStore {
  readonly distinguishesAbsent: boolean;
  private readonly byHandle = new Map<string, BackingCopy>();
  /** Holders of each span's latest copy: the runtime's span records once bound, else the store's own. */
  private holders = new Map<string, CopyHolder>();
  private bound = false;
  private counter = 0;

  constructor(distinguishesAbsent = true) {
    this.distinguishesAbsent = distinguishesAbsent;
  }

  /** Keeps each span's latest copy on its record in `records` (a runtime's table of spans), from now on. */
  bind(records: Map<string, CopyHolder>): void {
    if (this.counter > 0) throw new Error('BackingStore.bind after a copy was stored: bind a store before its first put');
    this.holders = records;
    this.bound = true;
  }

  put(spanId: string, content: string): string {
    this.counter += 1;
    const holder = this.holderOf(spanId);
    const entry: BackingCopy = { spanId, handle: this.newHandle(spanId, this.counter), content, digest: undefined, previous: holder.copy };
    this.byHandle.set(entry.handle, entry);
    holder.copy = entry;
    return entry.handle;
  }

  private holderOf(spanId: string): CopyHolder {
    let holder = this.holders.get(spanId);
    if (holder === undefined) {
      // A bound store is asked only about spans its runtime knows; one it does not still gets a holder, off the table.
      holder = {};
      if (this.bound) this.unbound.set(spanId, holder);
      else this.holders.set(spanId, holder);
    }
    return holder;
  }

  private readonly unbound = new Map<string, CopyHolder>();

  private latest(spanId: string): BackingCopy | undefined {
    return (this.holders.get(spanId) ?? (this.bound ? this.unbound.get(spanId) : undefined))?.copy;
  }

  /** The handle of a span's `counter`-th copy. Its spelling is the runtime's choice (spec/SPEC.md §7, C-4). */
  protected newHandle(spanId: string, counter: number): string {
    return `bs://${spanId}#${counter}`;
  }

  handleFor(spanId: string): string | undefined {
    return this.latest(spanId)?.handle;
  }

  read(handle: string): StoreRead {
    return this.readCopy(this.byHandle.get(handle));
  }

  /** What reading a copy answers, from the copy itself (a span's record holds its latest). */
  readCopy(entry: BackingCopy | undefined): StoreRead {
    if (entry === undefined) return ABSENT;
    if (entry.content === undefined) return this.distinguishesAbsent ? EXPIRED : ABSENT;
    return { status: 'present', content: entry.content, digest: this.digestOf(entry as LiveCopy) };
  }

  /**
   * The sha256 of a live copy's bytes, hashed the first time it is asked (a copy that is never read is never
   * hashed). `bytes` and `known` let a caller that holds the same string, hashed already, give its digest.
   */
  digestOf(entry: LiveCopy, bytes?: string, known?: string): string {
    if (entry.digest === undefined) entry.digest = known !== undefined && bytes === entry.content ? known : digest(entry.content);
    return entry.digest;
  }

  /** Replaces the bytes of every live copy of `spanId`; expired copies stay expired. */
  overwrite(spanId: string, content: string): void {
    for (let entry = this.latest(spanId); entry !== undefined; entry = entry.previous) {
      if (entry.content === undefined) continue;
      entry.content = content;
      entry.digest = undefined;
    }
  }

  /** Expires every copy of `spanIds` (of every span when omitted); answers the span ids that lost a copy, once each. */
  expire(spanIds?: readonly string[]): string[] {
    const expired = new Set<string>();
    // No closure per call: under tsx each named one costs a defineProperty (esbuild's __name), on every step.
    if (spanIds === undefined) for (const entry of this.byHandle.values()) dropCopy(entry, expired);
    else {
      for (const id of spanIds) {
        for (let entry = this.latest(id); entry !== undefined; entry = entry.previous) dropCopy(entry, expired);
      }
    }
    return [...expired];
  }
}

/** Drops a copy's content, if it still has it, and notes its span in `expired`. */
function dropCopy(entry: BackingCopy, expired: Set<string>): void {
  if (entry.content === undefined) return;
  entry.content = undefined;
  expired.add(entry.spanId);
}

const ABSENT: StoreRead = Object.freeze({ status: 'absent' });
const EXPIRED: StoreRead = Object.freeze({ status: 'expired' });
