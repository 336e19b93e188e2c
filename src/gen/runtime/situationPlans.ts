import fc from 'fast-check';
import type { OperationKind } from '../../model/Operation.ts';
import type { CallSweep, OpTemplate } from './OpTemplate.ts';
import { plainRecord } from './plainRecord.ts';
import { RING } from './RingChoices.ts';
import { CACHE_BOUND, type Situation } from './situations.ts';
import { templateArbitrary } from './templateArbitrary.ts';

/** One step of a planned episode: the plan's own steps run whatever the run's swarm switched off; noise does not. */
export interface PlannedStep {
  readonly template: OpTemplate;
  readonly planned: boolean;
}

/**
 * Situations by plan, not by luck (issue 22): a directed episode for a dangerous situation that random drawing
 * reaches too seldom to count on at every seed. Its skeleton leads to the situation by stable names (a pick equal
 * to a span's drawn name chooses that span), with a few drawn steps mixed in as noise; it shrinks by deleting steps.
 */
export interface SituationPlan {
  readonly situation: Situation;
  /** The operation kinds its skeleton uses: it is drawn only for an adapter supporting all of them. */
  readonly needs: readonly OperationKind[];
  readonly skeleton: fc.Arbitrary<readonly OpTemplate[]>;
}

const pick = fc.nat({ max: RING - 1 });
/** A span's name, never one a stray pick would make (`strayPick`: 10 mod 11), so every planned target is the span. */
const name = fc.noShrink(fc.nat({ max: RING - 1 })).map((n) => (n % 11 === 10 ? n - 1 : n));
const plainShape = fc.nat({ max: 9 });

// What a planned append or call draws, made once (building a record arbitrary for every planned step of a flood of
// seventy appends cost more than drawing from it), as plain objects (`plainRecord`: spread below, a record drawn
// with a null prototype is a dictionary). The same draws either way.
const appendDrawn = plainRecord({ contentPick: pick, shape: plainShape, tokens: fc.integer({ min: 4, max: 40 }) });
const callDrawn = plainRecord({ signaturePick: pick, keyed: fc.boolean(), advance: fc.constantFrom(0, 10) });

const append = (n: number, over: Partial<Extract<OpTemplate, { kind: 'append' }>> = {}): fc.Arbitrary<OpTemplate> =>
  appendDrawn.map((drawn) => ({
    kind: 'append', name: n, lookalikeOf: undefined, derived: false, sourcePicks: [n], persist: true, score: 0.5, ...drawn, ...over,
  }));

const call = (sweep: CallSweep): fc.Arbitrary<OpTemplate> =>
  callDrawn.map((drawn) => ({
    kind: 'callTool', form: 0, repeat: false, retryAfter: undefined, status: 'accepted', sweep, ...drawn,
  }));

const prune = (n: number, pool: 'resident' | 'summarized-source' | 'edited' = 'resident', acceptLossy = false): OpTemplate => ({ kind: 'prune', pool, pick: n, acceptLossy, claimSafe: false });

/** More than the bound in most plans, a handful past 8 in the rest: caches of 8 and of 64 both overflow. */
const pastTheBound = fc.noBias(fc.integer({ min: 0, max: 23 })).map((x) => (x < 8 ? 9 + x : CACHE_BOUND + 1 + (x % 8)));

/**
 * Appends of one token each, persisted and scored under the threshold, then one compaction evicting them all: a
 * window of 121 tokens or more holds them (29 configs in 30), and the index entries are written together and fold.
 * Compacting in chunks would not do: the entries of one chunk fill a small window before the next is appended.
 */
function evictionFlood(count: number): fc.Arbitrary<readonly OpTemplate[]> {
  const tiny = name.chain((n) => append(n, { tokens: 1, score: 0.1 }));
  return fc.array(tiny, { minLength: count, maxLength: count }).map((appends): OpTemplate[] => [...appends, { kind: 'compact', threshold: 0.6 }]);
}

/** The plans, one per situation that default drawing does not reach at every seed. */
export const SITUATION_PLANS: readonly SituationPlan[] = [
  {
    // A call, more distinct others than a bounded ledger keeps, then the first again (issue 22: an LRU of 8).
    situation: 'retry-past-cache-bound',
    needs: ['callTool'],
    skeleton: pastTheBound.chain((others) => fc.tuple(call('fresh'), fc.array(call('fresh'), { minLength: others, maxLength: others }), call('first'))).map(([first, others, retry]) => [first, ...others, retry]),
  },
  {
    // More evictions than a bounded tombstone store keeps, every tombstone rechecked at the end (issue 22: a ring of 64).
    situation: 'tombstones-past-cache-bound',
    needs: ['append', 'compact'],
    skeleton: fc.noBias(fc.integer({ min: CACHE_BOUND + 1, max: CACHE_BOUND + 8 })).chain(evictionFlood),
  },
  {
    // A copy rewritten with other bytes of the same length after a reversible eviction, then read (a check by length).
    situation: 'stale-copy-same-length',
    needs: ['append', 'prune', 'overwrite', 'lookup'],
    skeleton: name.chain((n) =>
      fc.tuple(append(n), fc.nat({ max: RING / 4 - 1 }), fc.constantFrom(1, 2), fc.boolean()).map(([a, m, edit, restore]): OpTemplate[] => [
        a,
        prune(n),
        { kind: 'overwrite', pick: n, contentPick: 4 * m + edit, shape: 0 },
        { kind: 'lookup', pool: 'evicted', pick: n },
        ...(restore ? [{ kind: 'restore', pick: n } as const] : []),
      ]),
    ),
  },
];

/** How many steps drawn at random a planned episode mixes in, at most. */
const NOISE = 4;

/** A planned episode for `plan` over the adapter's `kinds`: its skeleton with up to four drawn steps mixed in. */
export function plannedEpisode(plan: SituationPlan, kinds: readonly OperationKind[]): fc.Arbitrary<readonly PlannedStep[]> {
  const noise = fc.array(fc.tuple(fc.nat({ max: RING - 1 }), templateArbitrary(kinds)), { maxLength: NOISE });
  return fc.tuple(plan.skeleton, noise).map(([skeleton, drawn]) => {
    const steps: PlannedStep[] = skeleton.map((template) => ({ template, planned: true }));
    for (const [at, template] of drawn) steps.splice(Math.floor((at / RING) * (steps.length + 1)), 0, { template, planned: false });
    return steps;
  });
}

/** The plans an adapter supporting `kinds` can run. */
export function plansFor(kinds: readonly OperationKind[]): SituationPlan[] {
  return SITUATION_PLANS.filter((plan) => plan.needs.every((kind) => kinds.includes(kind)));
}
