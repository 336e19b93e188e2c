import type { Tombstone } from './Tombstone.ts';

/**
 * A span is the unit the window holds and the pruner acts on: one tool output, one user turn, one summary.
 *
 * Kinds (SPEC.md §2, INV-06, INV-07):
 * - `raw`: an observation the model cannot recompute (tool output, user statement, exact identifier, error
 *   signature). Never derivable (seed 001, "Decision Boundary"); floored against policy eviction (INV-07).
 * - `derived`: model-authored working content that declares the resident spans it is computed from. Derivable
 *   only under the frame it was declared in and only while every declared source is resident (INV-08).
 * - `summary`: a derived artifact written by `summarize`; it carries a provenance marker and a derivation chain
 *   (seed 000, "Condition of Validity"). Never derivable: a model cannot re-author the same bytes.
 */
export type SpanKind = 'raw' | 'derived' | 'summary';

/** What kind of raw observation a span is; informative, every raw kind obeys the same rules. */
export type RawKind = 'tool-output' | 'user' | 'identifier' | 'error' | 'other';

/** Every raw kind, in the order messages list them. */
export const RAW_KINDS: readonly RawKind[] = ['tool-output', 'user', 'identifier', 'error', 'other'];

/** The caller's description of a new span, as carried by an `append` operation. */
export interface SpanInput {
  /** Unique for the whole episode: an id is never reused, even after the span is pruned (INV-04). */
  readonly id: string;
  readonly kind: Exclude<SpanKind, 'summary'>;
  readonly content: string;
  /** Token cost; defaults to `estimateTokens(content)`. */
  readonly tokens?: number;
  /** Retention score in [0, ∞); higher is kept longer. Defaults to 0.5. */
  readonly score?: number;
  readonly rawKind?: RawKind;
  /** For `derived` spans: the ids it is computed from. Verified by the runtime, never trusted (D-03). */
  readonly sources?: readonly string[];
  /** Copy the content to the backing store at append time (what a tool-call log does). */
  readonly persist?: boolean;
}

/** A span as the reference runtime holds it. */
export interface Span {
  readonly id: string;
  readonly kind: SpanKind;
  readonly rawKind: RawKind | undefined;
  content: string;
  tokens: number;
  /** Base retention score, as set at append and by re-frames. */
  score: number;
  /** Set by a re-frame that flipped this span's derivability while it had no resolvable pointer (INV-08). */
  floored: boolean;
  /** Direct sources: declared sources of a `derived` span, summarized spans of a `summary`. */
  readonly sources: readonly string[];
  /**
   * The frame epoch (count of re-frames so far) under which a `derived` span's derivation was declared.
   * Derivability lapses on any re-frame, even one back to an earlier frame's text (INV-08).
   */
  derivationFrame: number | undefined;
  /** Provenance marker of a summary: who wrote it, under which versions (INV-05, INV-11). */
  readonly provenance: Provenance | undefined;
  /**
   * A summary's retention ceiling: the lowest base score among its sources when it was written. No score it is
   * given (at writing, by a re-frame) exceeds it (INV-27). `undefined` for raw and derived spans.
   */
  readonly ceiling?: number | undefined;
  /** Position of the span in the episode's token stream: [start, end). Stable across evictions. */
  readonly tokenRange: readonly [number, number];
  readonly appendedAt: number;
  /** Memoized sha256 of `content`; cleared whenever the content changes. */
  digestCache: string | undefined;
  /**
   * The runtime's own slots on the span's record, so that a directive finds everything about a span from one
   * lookup of its id (one record per span, not a table per concern). Set by the window and the stores they name;
   * absent on a span no runtime holds.
   */
  /** In the window now (`Window`). */
  resident?: boolean | undefined;
  /** The window slot the span holds while resident: its place in window order (`Window`). */
  slot?: number | undefined;
  /** Its latest backing copy (`BackingStore`). */
  copy?: BackingCopy | undefined;
  /** Its external tombstone, the latest eviction's (`TombstoneStore`). */
  tombstone?: Tombstone | undefined;
}

/** One copy of a span in the backing store: its handle, its bytes (gone once expired) and their digest. */
export interface BackingCopy {
  readonly spanId: string;
  readonly handle: string;
  content: string | undefined;
  /** sha256 of `content`, hashed when first read (`BackingStore.digestOf`); `undefined` until then. */
  digest: string | undefined;
  /** The span's previous copy, if it was persisted before: rotating a span expires every copy of it. */
  readonly previous: BackingCopy | undefined;
}

/** The marker every summary carries: it is derived, from what, and by which model and policy version. */
export interface Provenance {
  readonly derived: true;
  readonly modelVersion: string;
  readonly policyVersion: string;
  readonly step: number;
}

/** A read-only view of a resident span, as observations report it. */
export interface SpanView {
  readonly id: string;
  readonly kind: SpanKind;
  readonly content: string;
  readonly tokens: number;
  /** Base retention score (finite, so views survive JSON). */
  readonly score: number;
  /** On the retention floor: no policy evicts it (INV-07, INV-08). */
  readonly floored: boolean;
  readonly sources: readonly string[];
  readonly provenance: Provenance | undefined;
}

/** The reference token estimate: one token per four UTF-16 code units, at least one. */
export function estimateTokens(content: string): number {
  return Math.max(1, Math.ceil(content.length / 4));
}

/** Whether a span is a derived artifact (a `derived` span or a `summary`): lower-trust evidence (INV-10). */
export function isDerivedKind(kind: SpanKind): boolean {
  return kind !== 'raw';
}
