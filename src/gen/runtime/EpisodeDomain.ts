import fc from 'fast-check';

/**
 * What one generated episode draws from beyond its operations: how many distinct side-effecting signatures its
 * calls range over (1 to several hundred, issue 11), so a ledger that keeps only a handful of records, or that
 * confuses look-alike signatures, meets more than it holds.
 */
export interface EpisodeDomain {
  readonly signatures: number;
}

/** The pool the generator drew from before issue 11: four signatures. Fixed traces do not need one. */
export const DEFAULT_DOMAIN: EpisodeDomain = { signatures: 4 };

/** Pools of 1 to 300 signatures, most often a few: retries need repeats, ledgers need many. */
export const domainArbitrary: fc.Arbitrary<EpisodeDomain> = fc.record({
  signatures: fc.constantFrom(4, 1, 2, 8, 16, 64, 300),
});
