import type { IndexEntry } from './IndexEntry.ts';
import type { Span } from './Span.ts';

/** The pointer the reference's gap marker names: the external record of the entries folded into it (C-4). */
export const GAP_POINTER = 'gap://index';

/**
 * The mutable context window: resident spans in order (insertion order; a restored span re-enters at the
 * tail), token accounting against a hard capacity, and the in-window index of what is no longer resident.
 *
 * The index is text the model reads, so it costs capacity (D-22): `markerTokens` per entry the window
 * shows (each entry of its own, and the gap marker as one), and never less than one marker's worth, the room the
 * first eviction or notice needs. When writing an entry would overfill the window, the oldest entries are folded
 * into the gap marker, oldest written first, until it fits (D-26): the window then shows one line naming
 * `GAP_POINTER`, and each folded entry is held outside it, still the id's entry.
 *
 * Contract: `insert`, `remove`, `get` and index writes are O(1) amortized (an entry is folded at most once per
 * write of it); `used` is always resident tokens plus the index's cost, and never exceeds `capacity` for a
 * window whose spans leave one marker's room (`fits` keeps them so).
 */
export class Window {
  readonly capacity: number;
  /** What one in-window index entry costs, in tokens (`RuntimeConfig.markerTokens`). */
  readonly markerTokens: number;
  private readonly resident = new Map<string, Span>();
  /** Entries the window shows one by one, oldest written first. */
  private readonly index = new Map<string, IndexEntry>();
  /** Entries folded into the gap marker, held outside the window. */
  private readonly gap = new Map<string, IndexEntry>();
  private spanTokens = 0;
  private foldedIds: string[] = [];

  constructor(capacity: number, markerTokens = 0) {
    this.capacity = capacity;
    this.markerTokens = markerTokens;
  }

  /** Tokens in use: resident spans plus the in-window index. */
  get used(): number {
    return this.spanTokens + this.indexTokens;
  }

  /** Tokens the resident spans take. */
  get residentTokens(): number {
    return this.spanTokens;
  }

  /** What the in-window index costs: `markerTokens` per line it shows, at least one line's worth. */
  get indexTokens(): number {
    return this.markerTokens * Math.max(1, this.indexLines);
  }

  /** Lines the index shows: its own entries, and the gap marker when it holds any. */
  private get indexLines(): number {
    return this.index.size + (this.gap.size > 0 ? 1 : 0);
  }

  get size(): number {
    return this.resident.size;
  }

  fits(extraTokens: number): boolean {
    return this.used + extraTokens <= this.capacity;
  }

  /** Whether `span` fits back in: its tokens in, and its own index entry out (a restore, INV-13). */
  fitsBack(span: Span): boolean {
    const own = this.index.has(span.id) || (this.gap.size === 1 && this.gap.has(span.id)) ? 1 : 0;
    return this.spanTokens + span.tokens + this.markerTokens * Math.max(1, this.indexLines - own) <= this.capacity;
  }

  has(id: string): boolean {
    return this.resident.has(id);
  }

  get(id: string): Span | undefined {
    return this.resident.get(id);
  }

  insert(span: Span): void {
    this.resident.set(span.id, span);
    this.spanTokens += span.tokens;
    this.index.delete(span.id);
    this.gap.delete(span.id);
  }

  remove(id: string): void {
    const span = this.resident.get(id);
    if (span === undefined) return;
    this.resident.delete(id);
    this.spanTokens -= span.tokens;
  }

  /** Adjusts accounting after a resident span's token count changed by `delta`. */
  resize(delta: number): void {
    this.spanTokens += delta;
  }

  spans(): IterableIterator<Span> {
    return this.resident.values();
  }

  /**
   * Writes the id's entry as the newest line of the index (replacing any earlier entry for it, wherever held), then
   * folds the oldest lines into the gap marker while the window is over capacity. Folding every line leaves the
   * gap marker alone, which fits whenever the spans left one marker's room.
   */
  mark(entry: IndexEntry): void {
    this.index.delete(entry.spanId);
    this.gap.delete(entry.spanId);
    this.index.set(entry.spanId, entry);
    for (const [id, oldest] of this.index) {
      if (this.used <= this.capacity) break;
      this.index.delete(id);
      this.gap.set(id, oldest);
      this.foldedIds.push(id);
    }
  }

  /** The id's entry, wherever it is held: in the window, or folded into the gap marker. */
  indexEntry(id: string): IndexEntry | undefined {
    return this.index.get(id) ?? this.gap.get(id);
  }

  /** The gap marker's pointer when the id's entry is folded into it, else `undefined`. */
  gapOf(id: string): string | undefined {
    return this.gap.has(id) ? GAP_POINTER : undefined;
  }

  /** Entries the index holds, in the window or folded. */
  get indexSize(): number {
    return this.index.size + this.gap.size;
  }

  /** Entries folded into the gap marker. */
  get gapSize(): number {
    return this.gap.size;
  }

  /** The ids whose entries were folded since the last call, and forgets them (the harness observes them). */
  takeFolded(): string[] {
    const folded = this.foldedIds;
    this.foldedIds = [];
    return folded;
  }
}
