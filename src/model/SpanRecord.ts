import type { BackingCopy, Provenance, RawKind, Span, SpanKind } from './Span.ts';
import type { Tombstone } from './Tombstone.ts';

/** What a new record is made from: the span's fields, its token range as where it starts. */
export interface SpanInit {
  readonly id: string;
  readonly kind: SpanKind;
  readonly rawKind: RawKind | undefined;
  readonly content: string;
  readonly tokens: number;
  readonly score: number;
  readonly sources: readonly string[];
  readonly derivationFrame: number | undefined;
  readonly provenance: Provenance | undefined;
  readonly ceiling?: number | undefined;
  /** Where the span's [start, end) range starts in the episode's token stream; it ends `tokens` later. */
  readonly tokenStart: number;
  readonly appendedAt: number;
}

/**
 * The reference runtime's record of one span: the `Span` fields, and the slots the window and the stores keep on
 * it. One class, so every record has one shape; the token range is two numbers, not a pair held per span (a
 * tombstone takes a pair of its own when the span is evicted).
 */
export class SpanRecord implements Span {
  readonly id: string;
  readonly kind: SpanKind;
  readonly rawKind: RawKind | undefined;
  content: string;
  tokens: number;
  score: number;
  floored = false;
  readonly sources: readonly string[];
  derivationFrame: number | undefined;
  readonly provenance: Provenance | undefined;
  readonly ceiling: number | undefined;
  readonly appendedAt: number;
  digestCache: string | undefined = undefined;
  resident: boolean | undefined = false;
  slot: number | undefined = undefined;
  copy: BackingCopy | undefined = undefined;
  tombstone: Tombstone | undefined = undefined;
  private readonly tokenStart: number;
  private readonly tokenEnd: number;

  constructor(init: SpanInit) {
    this.id = init.id;
    this.kind = init.kind;
    this.rawKind = init.rawKind;
    this.content = init.content;
    this.tokens = init.tokens;
    this.score = init.score;
    this.sources = init.sources;
    this.derivationFrame = init.derivationFrame;
    this.provenance = init.provenance;
    this.ceiling = init.ceiling;
    this.appendedAt = init.appendedAt;
    this.tokenStart = init.tokenStart;
    this.tokenEnd = init.tokenStart + init.tokens;
  }

  get tokenRange(): readonly [number, number] {
    return [this.tokenStart, this.tokenEnd];
  }
}
