import type { IndexEntry } from './IndexEntry.ts';
import type { SpanView } from './Span.ts';
import type { Tombstone } from './Tombstone.ts';

/** How an episode's runtime is set up. */
export interface RuntimeConfig {
  /** Hard window capacity in tokens. */
  readonly capacity: number;
  /** Whether the backing store answers "expired" distinctly from "absent" (seed 002, condition 3). Default true. */
  readonly storeDistinguishesAbsent?: boolean;
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
}
