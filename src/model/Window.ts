import type { IndexEntry } from './IndexEntry.ts';
import type { Span } from './Span.ts';

/**
 * The mutable context window: resident spans in order (insertion order; a restored span re-enters at the
 * tail), token accounting against a hard capacity, and the in-window index of what is no longer resident.
 *
 * The index is text the model reads, so it costs capacity (INV-29, D-22): `markerTokens` per entry the window
 * shows (each entry of its own, and the gap marker as one), and never less than one marker's worth, the room the
 * first eviction or notice needs. When writing an entry would overfill the window, the oldest entries are folded
 * into the gap marker, oldest written first, until it fits (D-26): the window then shows one line naming an
 * external pointer, and each folded entry is held outside it, still the id's entry.
 *
 * Contract: `insert`, `remove`, `get` and index writes are O(1) amortized (an entry is folded at most once per
 * write of it); `used` is always resident tokens plus the index's cost, and never exceeds `capacity` for a
 * window whose spans leave one marker's room (`fits` keeps them so).
 *
 * Residency lives on the span records themselves (`Span.resident`, `Span.slot`), found through the runtime's
 * table of every span it has seen, which the window shares: a span is looked up once, by id, whatever the
 * directive then asks of it. Window order is a list of slots; a span that leaves only marks itself out, and the
 * slots it left are swept away once they outnumber the resident spans. Derived spans have a list of their own,
 * so a re-frame visits them without walking the raw ones.
 */
export class Window {
  readonly capacity: number;
  /** What one in-window index entry costs, in tokens (`RuntimeConfig.markerTokens`). */
  readonly markerTokens: number;
  /** Every span the window has held, by id: the runtime's table of span records when it shares one. */
  private readonly table: Map<string, Span>;
  private readonly ownsTable: boolean;
  /** Resident spans in window order, with the slots of spans that have left since (their `slot` moved on). */
  private order: Slots = emptySlots();
  /** The same for resident derived spans only. */
  private derived: Slots = emptySlots();
  private residentCount = 0;
  private nextSlot = 0;
  /** Iterations in progress: slots are swept only when none is, so an iteration never loses its place. */
  private walking = 0;
  /** Entries the window shows one by one, oldest written first. */
  private readonly index = new Map<string, IndexEntry>();
  /** Entries folded into the gap marker, held outside the window. */
  private readonly gap = new Map<string, IndexEntry>();
  private spanTokens = 0;
  private foldedIds: string[] = [];
  /**
   * How many times the window changed (a span in or out, a resize, an index write): what the generator keys the
   * pools it derives from the window on, so a step that changed nothing reuses them instead of filtering every id.
   */
  private changeCount = 0;

  /** `table`: the runtime's records of every span it has seen, by id; a window of its own keeps its own. */
  constructor(capacity: number, markerTokens = 0, table?: Map<string, Span>) {
    this.capacity = capacity;
    this.markerTokens = markerTokens;
    this.table = table ?? new Map();
    this.ownsTable = table === undefined;
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
  get indexLines(): number {
    return this.index.size + (this.gap.size > 0 ? 1 : 0);
  }

  get size(): number {
    return this.residentCount;
  }

  /** Mutations so far: equal at two moments only if the window did not change in between. */
  get changes(): number {
    return this.changeCount;
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
    return this.table.get(id)?.resident === true;
  }

  get(id: string): Span | undefined {
    const span = this.table.get(id);
    return span?.resident === true ? span : undefined;
  }

  /** Puts a span (not resident) at the tail of the window; drops its index entry. */
  insert(span: Span): void {
    if (this.ownsTable) this.table.set(span.id, span);
    this.changeCount += 1;
    this.sweep();
    this.nextSlot += 1;
    span.resident = true;
    span.slot = this.nextSlot;
    push(this.order, span, this.nextSlot);
    if (span.kind === 'derived') push(this.derived, span, this.nextSlot);
    this.residentCount += 1;
    this.spanTokens += span.tokens;
    if (this.index.size > 0) this.index.delete(span.id);
    if (this.gap.size > 0) this.gap.delete(span.id);
  }

  remove(id: string): void {
    const span = this.get(id);
    if (span !== undefined) this.removeSpan(span);
  }

  /** Takes a resident span out of the window, from its record (no lookup). */
  removeSpan(span: Span): void {
    if (span.resident !== true) return;
    this.changeCount += 1;
    span.resident = false;
    span.slot = undefined;
    this.order.dead += 1;
    if (span.kind === 'derived') this.derived.dead += 1;
    this.residentCount -= 1;
    this.spanTokens -= span.tokens;
  }

  /** Adjusts accounting after a resident span's token count changed by `delta`. */
  resize(delta: number): void {
    this.changeCount += 1;
    this.spanTokens += delta;
  }

  /** Resident spans in window order. */
  spans(): IterableIterator<Span> {
    return this.walk(this.order);
  }

  /** Resident derived spans, in window order: what a re-frame measures derivability on. */
  derivedSpans(): IterableIterator<Span> {
    return this.walk(this.derived);
  }

  private *walk(slots: Slots): IterableIterator<Span> {
    this.walking += 1;
    try {
      for (let i = 0; i < slots.spans.length; i += 1) {
        const span = slots.spans[i] as Span;
        if (span.slot === slots.numbers[i]) yield span;
      }
    } finally {
      this.walking -= 1;
    }
  }

  /** Drops the slots of spans that left, once they outnumber the resident ones (amortized O(1) per removal). */
  private sweep(): void {
    if (this.walking > 0) return;
    if (this.order.dead > 32 && this.order.dead * 2 > this.order.spans.length) this.order = swept(this.order);
    if (this.derived.dead > 32 && this.derived.dead * 2 > this.derived.spans.length) this.derived = swept(this.derived);
  }

  /**
   * Writes the id's entry as the newest line of the index (replacing any earlier entry for it, wherever held), then
   * folds the oldest lines into the gap marker while the window is over capacity. Folding every line leaves the
   * gap marker alone, which fits whenever the spans left one marker's room.
   */
  mark(entry: IndexEntry): void {
    this.changeCount += 1;
    this.index.delete(entry.spanId);
    if (this.gap.size > 0) this.gap.delete(entry.spanId);
    this.index.set(entry.spanId, entry);
    if (this.used <= this.capacity) return;
    this.relieve();
  }

  /** Folds the oldest lines into the gap marker, one at a time, while the window is over capacity (D-26). */
  protected relieve(): void {
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

  /** Whether the id's entry is folded into the gap marker (held outside the window). */
  isFolded(id: string): boolean {
    return this.gap.has(id);
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
  takeFolded(): readonly string[] {
    if (this.foldedIds.length === 0) return NONE_FOLDED;
    const folded = this.foldedIds;
    this.foldedIds = [];
    return folded;
  }
}

const NONE_FOLDED: readonly string[] = Object.freeze([]);

/** A list of window slots: each span with the slot number it held when pushed; `dead` slots are ones it left. */
interface Slots {
  readonly spans: Span[];
  readonly numbers: number[];
  dead: number;
}

function emptySlots(): Slots {
  return { spans: [], numbers: [], dead: 0 };
}

function swept(slots: Slots): Slots {
  const kept = emptySlots();
  for (let i = 0; i < slots.spans.length; i += 1) {
    const span = slots.spans[i] as Span;
    const slot = slots.numbers[i] as number;
    if (span.slot === slot) push(kept, span, slot);
  }
  return kept;
}

function push(slots: Slots, span: Span, slot: number): void {
  slots.spans.push(span);
  slots.numbers.push(slot);
}
