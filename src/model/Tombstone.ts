import type { EvictionMode } from './Outcome.ts';

/**
 * The record every eviction writes to the external tombstone store, never only inside the window (INV-01;
 * seed 000, "Condition of Validity"). The store outlives the window: it is how a pruned id stays known.
 */
export interface Tombstone {
  readonly spanId: string;
  /** The span's [start, end) position in the episode's token stream. */
  readonly tokenRange: readonly [number, number];
  readonly policyVersion: string;
  readonly modelVersion: string;
  /** The span's base retention score when it was evicted. */
  readonly score: number;
  /** sha256 of the evicted content, hex. Re-evicting changed content is refused (INV-02). */
  readonly digest: string;
  /** The span's direct sources; the closure is reached by following their own tombstones or spans (INV-05). */
  readonly derivationChain: readonly string[];
  /** The frame epoch at eviction: a derivable eviction is reconstructible only within the same epoch. */
  readonly frameEpoch?: number;
  readonly mode: EvictionMode;
  /** The backing-store handle, for reversible evictions. */
  readonly handle: string | undefined;
  readonly step: number;
}
