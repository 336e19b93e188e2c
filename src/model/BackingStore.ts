import { digest } from './digest.ts';

/** What a backing-store read returns. With `distinguishesAbsent: false` an expired copy reads as `absent`. */
export type StoreRead =
  | { readonly status: 'present'; readonly content: string; readonly digest: string }
  | { readonly status: 'expired' }
  | { readonly status: 'absent' };

interface StoreEntry {
  readonly spanId: string;
  readonly handle: string;
  content: string | undefined;
  digest: string;
  /** The span's previous copy, if it was persisted before: rotating a span expires every copy of it. */
  readonly previous: StoreEntry | undefined;
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
 */
export class BackingStore {
  readonly distinguishesAbsent: boolean;
  private readonly byHandle = new Map<string, StoreEntry>();
  private readonly latest = new Map<string, StoreEntry>();
  private counter = 0;

  constructor(distinguishesAbsent = true) {
    this.distinguishesAbsent = distinguishesAbsent;
  }

  put(spanId: string, content: string): string {
    this.counter += 1;
    const entry: StoreEntry = { spanId, handle: this.newHandle(spanId, this.counter), content, digest: digest(content), previous: this.latest.get(spanId) };
    this.byHandle.set(entry.handle, entry);
    this.latest.set(spanId, entry);
    return entry.handle;
  }

  /** The handle of a span's `counter`-th copy. Its spelling is the runtime's choice (spec/SPEC.md §7, C-4). */
  protected newHandle(spanId: string, counter: number): string {
    return `bs://${spanId}#${counter}`;
  }

  handleFor(spanId: string): string | undefined {
    return this.latest.get(spanId)?.handle;
  }

  read(handle: string): StoreRead {
    const entry = this.byHandle.get(handle);
    if (entry === undefined) return { status: 'absent' };
    if (entry.content === undefined) return this.distinguishesAbsent ? { status: 'expired' } : { status: 'absent' };
    return { status: 'present', content: entry.content, digest: entry.digest };
  }

  /** Replaces the bytes of every live copy of `spanId`; expired copies stay expired. */
  overwrite(spanId: string, content: string): void {
    const bytes = digest(content);
    for (let entry = this.latest.get(spanId); entry !== undefined; entry = entry.previous) {
      if (entry.content === undefined) continue;
      entry.content = content;
      entry.digest = bytes;
    }
  }

  /** Expires every copy of `spanIds` (of every span when omitted); answers the span ids that lost a copy, once each. */
  expire(spanIds?: readonly string[]): string[] {
    const expired = new Set<string>();
    const drop = (entry: StoreEntry): void => {
      if (entry.content === undefined) return;
      entry.content = undefined;
      expired.add(entry.spanId);
    };
    if (spanIds === undefined) for (const entry of this.byHandle.values()) drop(entry);
    else {
      for (const id of spanIds) {
        for (let entry = this.latest.get(id); entry !== undefined; entry = entry.previous) drop(entry);
      }
    }
    return [...expired];
  }
}
