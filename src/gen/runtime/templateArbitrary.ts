import fc from 'fast-check';
import type { OperationKind } from '../../model/Operation.ts';
import type { OpTemplate } from './OpTemplate.ts';

const pick = fc.nat({ max: 1_000 });
const score = fc.oneof(fc.constantFrom(0, 0.1, 0.5, 0.9), fc.double({ min: 0, max: 1, noNaN: true }));
const tokens = fc.integer({ min: 4, max: 90 });

/** One arbitrary per operation kind, each biased toward the orders that break careless pruners. */
export const TEMPLATE_ARBITRARIES: { readonly [K in OperationKind]: fc.Arbitrary<Extract<OpTemplate, { kind: K }>> } = {
  append: fc.record({
    kind: fc.constant('append'),
    derived: fc.boolean(),
    sourcePicks: fc.array(pick, { minLength: 1, maxLength: 3 }),
    contentPick: pick,
    tokens,
    score,
    persist: fc.boolean(),
  }),
  persist: fc.record({ kind: fc.constant('persist'), pick }),
  rotate: fc.record({ kind: fc.constant('rotate'), all: fc.boolean(), picks: fc.array(pick, { minLength: 1, maxLength: 3 }) }),
  edit: fc.record({ kind: fc.constant('edit'), pick, contentPick: pick }),
  overwrite: fc.record({ kind: fc.constant('overwrite'), pick, contentPick: pick }),
  prune: fc.record({
    kind: fc.constant('prune'),
    pool: fc.constantFrom('resident', 'summarized-source', 'summary', 'derived', 'edited'),
    pick,
    acceptLossy: fc.boolean(),
    claimSafe: fc.boolean(),
  }),
  summarize: fc.record({
    kind: fc.constant('summarize'),
    picks: fc.array(pick, { minLength: 1, maxLength: 4 }),
    preferSummaries: fc.boolean(),
    escalate: fc.boolean(),
    tokens,
    score,
    fabricate: fc.boolean(),
  }),
  reframe: fc.record({
    kind: fc.constant('reframe'),
    scores: fc.array(fc.tuple(pick, score), { maxLength: 3 }),
    derivations: fc.array(fc.tuple(pick, fc.array(pick, { minLength: 1, maxLength: 2 })), { maxLength: 2 }),
  }),
  compact: fc.record({ kind: fc.constant('compact'), threshold: fc.constantFrom(0.2, 0.6, 1, 2) }),
  restore: fc.record({ kind: fc.constant('restore'), pick }),
  lookup: fc.record({ kind: fc.constant('lookup'), pool: fc.constantFrom('evicted', 'resident', 'lookalike', 'never-seen'), pick }),
  claim: fc.record({ kind: fc.constant('claim'), picks: fc.array(pick, { minLength: 1, maxLength: 3 }), includeLost: fc.boolean() }),
  // What the world answers (D-18): mostly accepted, often a failure with a back-off, sometimes an unknown outcome;
  // the clock advances by 0 (no `at`), 10, 30 or 60 s; a call carries its signature's idempotency key or none.
  callTool: fc.record({
    kind: fc.constant('callTool'),
    signaturePick: fc.nat({ max: 3 }),
    retryAfter: fc.option(fc.constantFrom(5, 30, 60), { nil: undefined }),
    status: fc.constantFrom('accepted', 'accepted', 'accepted', 'failed', 'failed', 'unknown'),
    advance: fc.constantFrom(0, 0, 10, 30, 60),
    keyed: fc.boolean(),
  }),
  setVersion: fc.record({ kind: fc.constant('setVersion'), which: fc.constantFrom('model', 'policy', 'both') }),
};

/** Relative frequency of each kind: appends feed everything; prunes, summaries and lookups are the point. */
export const TEMPLATE_WEIGHTS: { readonly [K in OperationKind]: number } = {
  append: 10,
  persist: 3,
  rotate: 2,
  edit: 3,
  overwrite: 2,
  prune: 9,
  summarize: 5,
  reframe: 2,
  compact: 2,
  restore: 3,
  lookup: 4,
  claim: 3,
  callTool: 5,
  setVersion: 1,
};

/** A weighted arbitrary over the templates of the given kinds. */
export function templateArbitrary(kinds: readonly OperationKind[]): fc.Arbitrary<OpTemplate> {
  return fc.oneof(...kinds.map((kind) => ({ arbitrary: TEMPLATE_ARBITRARIES[kind] as fc.Arbitrary<OpTemplate>, weight: TEMPLATE_WEIGHTS[kind] })));
}
