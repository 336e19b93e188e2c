import type { Rng } from './Rng.ts';

/**
 * A bench window's spans by the role the benches give them: every tenth a derivation of two earlier spans. The
 * lists are the caller's own (the benches take ids off them as they prune).
 */
export interface SpanPools {
  /** Even ids that are neither derived nor volatile, shuffled: the spans a reversible prune takes. */
  readonly reversible: string[];
  /** Odd ids that are neither derived nor volatile, in window order: the spans lookups read. */
  readonly reads: string[];
  /** Every tenth span from the ninth (`i % 10 === 8`), shuffled: the spans overwritten or pruned for good. */
  readonly volatile: string[];
  /** Every tenth span from the tenth (`i % 10 === 9`), derived from the spans nine and five places before it. */
  readonly derivations: { readonly id: string; readonly sources: readonly string[] }[];
}

/** The id of the `i`-th span of a bench window. */
export const spanId = (i: number): string => `s-${i}`;

/**
 * Sorts a window of `size` spans into the pools the benches draw from. The reference bench (bench/Fixture.ts) and
 * `prunecheck bench --adapter` (RuntimeWindow) lay their windows out the same way; `rng` is the caller's, so each
 * keeps its own seeded draws.
 */
export function spanPools(size: number, rng: Rng): SpanPools {
  const reversible: string[] = [];
  const reads: string[] = [];
  const volatile: string[] = [];
  const derivations: { id: string; sources: readonly string[] }[] = [];
  for (let i = 0; i < size; i += 1) {
    const role = i % 10;
    if (role === 9) derivations.push({ id: spanId(i), sources: [spanId(i - 9), spanId(i - 5)] });
    else if (role === 8) volatile.push(spanId(i));
    else (i % 2 === 0 ? reversible : reads).push(spanId(i));
  }
  return { reversible: rng.shuffle(reversible), reads, volatile: rng.shuffle(volatile), derivations };
}
