import type { IndexEntry } from './IndexEntry.ts';
import type { SpanView } from './Span.ts';
import type { Tombstone } from './Tombstone.ts';

/** How an episode's runtime is set up. */
export interface RuntimeConfig {
  /** Hard window capacity in tokens. */
  readonly capacity: number;
  /** Whether the backing store answers "expired" distinctly from "absent" (seed 002, condition 3). Default true. */
  readonly storeDistinguishesAbsent?: boolean;
  /**
   * What one in-window index entry (a marker or a notice) costs against `capacity`, in tokens (INV-29, D-22): an
   * integer from 0 to `capacity - 1`. Seed 002 prices a tombstone at ~15 tokens.
   */
  readonly markerTokens?: number;
  readonly frame?: string;
  readonly modelVersion?: string;
  readonly policyVersion?: string;
}

/** Everything observable about one span id: what the checkers read after each step. */
export interface SpanObservation {
  readonly spanId: string;
  readonly resident: SpanView | undefined;
  readonly index: IndexEntry | undefined;
  readonly tombstone: Tombstone | undefined;
  /**
   * When the id's index entry was folded into the gap marker (INV-29, D-26): the pointer the gap marker names. The window
   * then shows only the gap marker; `index` is the entry the pointer resolves to for this id.
   */
  readonly gap?: string;
}
