import fc from 'fast-check';
import type { OperationKind } from '../../model/Operation.ts';
import { CONTENT_SHAPES } from './contentDomain.ts';
import { RING } from './EpisodeState.ts';
import { SIGNATURE_FORMS } from './identifiers.ts';
import type { OpTemplate } from './OpTemplate.ts';
import { plainRecord } from './plainRecord.ts';
import { towardTrue } from './towardTrue.ts';

const pick = fc.nat({ max: RING - 1 });
/** A span's name is its identity: it never shrinks, so shrinking one step never retargets another. */
const name = fc.noShrink(fc.nat({ max: RING - 1 }));
/** Tied scores (the same few values), any score in [0, 1], and extremes: the smallest positive double, 1, huge. */
const score = fc.oneof(
  { arbitrary: fc.constantFrom(0, 0.1, 0.5, 0.9), weight: 4 },
  { arbitrary: fc.double({ min: 0, max: 1, noNaN: true }), weight: 4 },
  { arbitrary: fc.constantFrom(Number.MIN_VALUE, 1, 1e6, Number.MAX_VALUE), weight: 1 },
);
/** Mostly a few dozen tokens; sometimes one to three, sometimes more than any window holds. */
const tokens = fc.oneof({ arbitrary: fc.integer({ min: 4, max: 90 }), weight: 10 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 }, { arbitrary: fc.integer({ min: 91, max: 1_500 }), weight: 1 });
/** 0–9 plain, the rest one shape each: shrinking ends at plain content. */
const shape = fc.nat({ max: CONTENT_SHAPES - 1 });
/** Compaction thresholds in ascending order, so a shrunk threshold is the smallest that still fails. */
export const THRESHOLDS: readonly number[] = [0, Number.MIN_VALUE, 0.2, 0.6, 1, 2, 1e6, Number.MAX_VALUE];
const threshold = fc.oneof({ arbitrary: fc.integer({ min: 2, max: 5 }), weight: 6 }, { arbitrary: fc.constantFrom(0, 1, 6, 7), weight: 1 }).map((i) => THRESHOLDS[i] as number);
/**
 * One append in eight is named like an earlier span (by case, whitespace or normalization): a distinct id. Drawn
 * as a number (not `fc.oneof`, which favours its first branch in nested records), shrinking to "not a look-alike".
 */
const lookalikeOf = fc.tuple(fc.noBias(fc.nat({ max: 7 })), pick).map(([k, p]) => (k === 7 ? p : undefined));

/** One arbitrary per operation kind, each biased toward the orders that break careless pruners. */
export const TEMPLATE_ARBITRARIES: { readonly [K in OperationKind]: fc.Arbitrary<Extract<OpTemplate, { kind: K }>> } = {
  append: plainRecord({
    kind: fc.constant('append'),
    name,
    lookalikeOf,
    derived: fc.boolean(),
    sourcePicks: fc.array(pick, { minLength: 1, maxLength: 3 }),
    contentPick: pick,
    shape,
    tokens,
    score,
    persist: towardTrue(),
  }),
  persist: plainRecord({ kind: fc.constant('persist'), pick }),
  rotate: plainRecord({ kind: fc.constant('rotate'), all: fc.boolean(), picks: fc.array(pick, { minLength: 1, maxLength: 3 }) }),
  edit: plainRecord({ kind: fc.constant('edit'), pick, contentPick: pick, shape }),
  overwrite: plainRecord({ kind: fc.constant('overwrite'), pick, contentPick: pick, shape }),
  prune: plainRecord({
    kind: fc.constant('prune'),
    pool: fc.constantFrom('resident', 'summarized-source', 'summary', 'derived', 'edited'),
    pick,
    acceptLossy: towardTrue(),
    claimSafe: fc.boolean(),
  }),
  summarize: plainRecord({
    kind: fc.constant('summarize'),
    name,
    picks: fc.array(pick, { minLength: 1, maxLength: 4 }),
    preferSummaries: fc.boolean(),
    escalate: fc.boolean(),
    tokens,
    score,
    fabricate: fc.boolean(),
    shape,
  }),
  reframe: plainRecord({
    kind: fc.constant('reframe'),
    scores: fc.array(fc.tuple(pick, score), { maxLength: 3 }),
    // Two re-frames in three re-declare nothing: a re-frame that ends every derivation is what floors spans.
    derivations: fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: fc.array(fc.tuple(pick, fc.array(pick, { minLength: 1, maxLength: 2 })), { minLength: 1, maxLength: 2 }), weight: 1 }),
  }),
  compact: plainRecord({ kind: fc.constant('compact'), threshold }),
  restore: plainRecord({ kind: fc.constant('restore'), pick }),
  lookup: plainRecord({ kind: fc.constant('lookup'), pool: fc.constantFrom('evicted', 'resident', 'lookalike', 'never-seen'), pick }),
  claim: plainRecord({ kind: fc.constant('claim'), picks: fc.array(pick, { minLength: 1, maxLength: 3 }), includeLost: towardTrue() }),
  // What the world answers (D-18): mostly accepted, often a failure with a back-off, sometimes an unknown outcome;
  // the clock advances by 0 (no `at`), seconds or an hour; a call carries its signature's idempotency key or none.
  // The signature is one of the episode's pool (EpisodeDomain), spelled as it is or as a look-alike (`form`); half
  // the calls repeat one already made (a retry), whatever the pool's size.
  callTool: plainRecord({
    kind: fc.constant('callTool'),
    signaturePick: pick,
    form: fc.nat({ max: SIGNATURE_FORMS - 1 }),
    repeat: fc.boolean(),
    retryAfter: fc.option(fc.constantFrom(5, 30, 60, 0, 86_400), { nil: undefined }),
    status: fc.constantFrom('accepted', 'accepted', 'accepted', 'failed', 'failed', 'unknown'),
    advance: fc.constantFrom(0, 0, 10, 30, 60, 3_600),
    keyed: fc.boolean(),
  }),
  setVersion: plainRecord({ kind: fc.constant('setVersion'), which: fc.constantFrom('model', 'policy', 'both') }),
};

/** Relative frequency of each kind: appends feed everything; prunes, summaries and lookups are the point. */
export const TEMPLATE_WEIGHTS: { readonly [K in OperationKind]: number } = {
  append: 10,
  persist: 3,
  rotate: 2,
  edit: 4,
  overwrite: 2,
  prune: 9,
  summarize: 5,
  reframe: 2,
  compact: 2,
  restore: 4,
  lookup: 4,
  claim: 3,
  callTool: 5,
  setVersion: 1,
};

/** A weighted arbitrary over the templates of the given kinds. */
export function templateArbitrary(kinds: readonly OperationKind[]): fc.Arbitrary<OpTemplate> {
  return fc.oneof(...kinds.map((kind) => ({ arbitrary: TEMPLATE_ARBITRARIES[kind] as fc.Arbitrary<OpTemplate>, weight: TEMPLATE_WEIGHTS[kind] })));
}
