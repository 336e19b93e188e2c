import type { Operation, OperationKind } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import type { EpisodeState } from './EpisodeState.ts';

/**
 * The largest bound a runtime plausibly puts on a table it must keep whole (a request-dedup cache, a tombstone
 * ring): 64. Issue 22 met caches of 8 and of 64; the situations below are reached past it.
 */
export const CACHE_BOUND = 64;

/**
 * The dangerous situations the generator must reach (issue 3, "Adversarial sequences"). A check run counts how
 * many runs reached each; a suite run in which one was never reached fails, so a generator regression that
 * stops exercising a rule cannot pass silently.
 */
export const SITUATIONS = {
  'rotation-between-summarize-and-prune': 'a span was summarized, its backing copy rotated out, then pruned',
  'summary-of-summary': 'a summary was summarized again',
  'reframe-flips-derivability': 'a re-frame ended a derivation and floored the span',
  'lossy-with-false-safe-claim': 'the model claimed "safe to drop" for a span that was not provably reversible',
  'retry-after-eviction': 'a side-effecting call was retried after every span mentioning it left the window',
  'lookup-pruned-and-lookalike': 'a pruned id and a never-seen look-alike id were both looked up',
  'content-changed-then-reevicted': 'a span was restored, edited and pruned again',
  'pressure-at-capacity': 'an operation met a full window',
  'retry-after-failure-or-unknown': 'a side-effecting call was retried after an attempt that failed or whose outcome is unknown',
  'negative-claim-after-loss': 'a negative claim ("no error occurred") was made after an observation in its scope was lost',
  'markers-folded': 'markers crowded the window and were folded into one gap marker',
  'retry-past-cache-bound': `a side-effecting call was retried after more than ${CACHE_BOUND} distinct other signatures were called since its last attempt`,
  'tombstones-past-cache-bound': `more than ${CACHE_BOUND} spans were evicted in one run, each owed a tombstone to the end`,
  'stale-copy-same-length': 'a reversibly evicted span whose copy was overwritten with other bytes of the same length was looked up or restored',
} as const;

export type Situation = keyof typeof SITUATIONS;

export const SITUATION_NAMES = Object.keys(SITUATIONS) as Situation[];

/** Which situations this step (as the reference answered it) brings about. `state` is as before the step. */
export function situationsOf(op: Operation, outcome: Outcome, state: EpisodeState): Situation[] {
  const found: Situation[] = [];
  if (outcome.kind === 'window-full') found.push('pressure-at-capacity');
  if (state.reference.folded.length > 0) found.push('markers-folded');
  switch (op.kind) {
    case 'restore':
      if (state.staleSameLength.has(op.spanId)) found.push('stale-copy-same-length');
      break;
    case 'compact':
      if (outcome.kind === 'compacted' && tombstonedPastBound(state)) found.push('tombstones-past-cache-bound');
      break;
    case 'prune':
      if (outcome.kind === 'evicted' && tombstonedPastBound(state)) found.push('tombstones-past-cache-bound');
      if (state.rotatedAfterSummary.has(op.spanId)) found.push('rotation-between-summarize-and-prune');
      if (op.claimSafe === true && ((outcome.kind === 'rejected' && outcome.reason === 'not-reversible') || (outcome.kind === 'evicted' && outcome.mode === 'lossy'))) found.push('lossy-with-false-safe-claim');
      if (outcome.kind === 'rejected' && outcome.reason === 'content-changed') found.push('content-changed-then-reevicted');
      break;
    case 'summarize':
      if (op.sourceIds.some((id) => state.reference.span(id)?.kind === 'summary')) found.push('summary-of-summary');
      break;
    case 'reframe':
      if (outcome.kind === 'reframed' && outcome.floored.length > 0) found.push('reframe-flips-derivability');
      break;
    case 'callTool': {
      const mentions = state.mentions.get(op.requestId) ?? [];
      // A retry (the signature was attempted before: refused now, or going out again after a failure or an unknown
      // outcome) after the window forgot the request: only the ledger can decide it.
      const retry = outcome.kind !== 'executed' || state.failedOrUnknown.has(op.signature);
      if (retry && mentions.length > 0 && mentions.every((id) => !state.reference.window.has(id))) found.push('retry-after-eviction');
      // `reference` is already past this call: a retry decided by an earlier attempt that did not succeed.
      const decidedBy = outcome.kind === 'too-soon' || outcome.kind === 'unreconciled' ? outcome.original : undefined;
      if (decidedBy !== undefined || (outcome.kind === 'executed' && state.failedOrUnknown.has(op.signature))) found.push('retry-after-failure-or-unknown');
      if ((state.othersSinceLastAttempt() ?? 0) > CACHE_BOUND) found.push('retry-past-cache-bound');
      break;
    }
    case 'claim':
      if (op.negative === true && outcome.kind === 'unfounded') found.push('negative-claim-after-loss');
      break;
    case 'lookup':
      if (state.staleSameLength.has(op.spanId)) found.push('stale-copy-same-length');
      if (outcome.kind === 'tombstoned' || outcome.kind === 'recoverable' || outcome.kind === 'derivable') state.lookedUp.add('evicted');
      if (outcome.kind === 'absent' && !op.spanId.startsWith('ghost-')) state.lookedUp.add('lookalike');
      if (state.lookedUp.size === 2) found.push('lookup-pruned-and-lookalike');
      break;
    default:
      break;
  }
  return found;
}

/**
 * Whether more than `CACHE_BOUND` spans the episode evicted hold a tombstone (the reference's, as of after the
 * step). Walks the tombstoned ids, not the episode's, so a step costs the same in a window of any size.
 */
function tombstonedPastBound(state: EpisodeState): boolean {
  const { tombstones, window } = state.reference;
  if (tombstones.size <= CACHE_BOUND) return false;
  let n = 0;
  for (const id of tombstones.spanIds()) if (!window.has(id) && (n += 1) > CACHE_BOUND) return true;
  return false;
}

/** The operation kinds a situation needs; a situation is applicable to an adapter supporting all of them. */
const NEEDS: { readonly [S in Situation]: readonly OperationKind[] } = {
  'rotation-between-summarize-and-prune': ['append', 'summarize', 'rotate', 'prune'],
  'summary-of-summary': ['append', 'summarize'],
  'reframe-flips-derivability': ['append', 'reframe'],
  'lossy-with-false-safe-claim': ['append', 'prune'],
  'retry-after-eviction': ['append', 'callTool', 'prune'],
  'lookup-pruned-and-lookalike': ['append', 'prune', 'lookup'],
  'content-changed-then-reevicted': ['append', 'prune', 'restore', 'edit'],
  'pressure-at-capacity': ['append'],
  'retry-after-failure-or-unknown': ['callTool'],
  'negative-claim-after-loss': ['append', 'prune', 'claim'],
  'markers-folded': ['append', 'prune'],
  'retry-past-cache-bound': ['callTool'],
  'tombstones-past-cache-bound': ['append', 'compact'],
  'stale-copy-same-length': ['append', 'prune', 'overwrite', 'lookup'],
};

/**
 * The situations the gate asks of an adapter supporting `supported`. `planned`: whether the check's runs mix in
 * the situation plans (default runs do; --long and an explicit --max-steps do not), without which the situations
 * only a plan reaches at every seed (`PLANNED_ONLY`) are not asked for.
 */
export function applicableSituations(supported: readonly OperationKind[], planned = true): Situation[] {
  return SITUATION_NAMES.filter((s) => NEEDS[s].every((kind) => supported.includes(kind)) && (planned || !PLANNED_ONLY.includes(s)));
}

/** The situations issue 22 added, reached at every seed by plan (src/gen/runtime/situationPlans.ts). */
export const PLANNED_ONLY: readonly Situation[] = ['retry-past-cache-bound', 'tombstones-past-cache-bound', 'stale-copy-same-length'];
