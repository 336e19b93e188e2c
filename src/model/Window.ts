import type { IndexEntry } from './IndexEntry.ts';
import type { Span } from './Span.ts';

/**
 * The mutable context window: resident spans in order (insertion order; a restored span re-enters at the
 * tail), token accounting against a hard capacity, and the in-window index of what is no longer resident.
 *
 * Contract: `insert`, `remove`, `get` and index writes are O(1); `used` is always the sum of resident tokens.
 */
export class Window {
  readonly capacity: number;
  private readonly resident = new Map<string, Span>();
  private readonly index = new Map<string, IndexEntry>();
  private usedTokens = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get used(): number {
    return this.usedTokens;
  }

  get size(): number {
    return this.resident.size;
  }

  fits(extraTokens: number): boolean {
    return this.usedTokens + extraTokens <= this.capacity;
  }

  has(id: string): boolean {
    return this.resident.has(id);
  }

  get(id: string): Span | undefined {
    return this.resident.get(id);
  }

  insert(span: Span): void {
    this.resident.set(span.id, span);
    this.usedTokens += span.tokens;
    this.index.delete(span.id);
  }

  remove(id: string): void {
    const span = this.resident.get(id);
    if (span === undefined) return;
    this.resident.delete(id);
    this.usedTokens -= span.tokens;
  }

  /** Adjusts accounting after a resident span's token count changed by `delta`. */
  resize(delta: number): void {
    this.usedTokens += delta;
  }

  spans(): IterableIterator<Span> {
    return this.resident.values();
  }

  mark(entry: IndexEntry): void {
    this.index.set(entry.spanId, entry);
  }

  indexEntry(id: string): IndexEntry | undefined {
    return this.index.get(id);
  }

  get indexSize(): number {
    return this.index.size;
  }
}
