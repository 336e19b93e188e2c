import type { CallStatus } from '../../model/Operation.ts';

/**
 * What fast-check draws for one step: an operation with its targets left as picks, resolved when the step runs
 * against the spans that exist then (`resolveTemplate`), so shrinking a sequence never leaves a step naming a
 * span that no longer exists. A span is created with a drawn `name`, and a pick chooses by name (the first on
 * a ring at or after it, `EpisodeState.choose`): targets are stable identities, not positions, so deleting an
 * unrelated step retargets nothing. `shape` picks how content is spelled (`shapeContent`).
 */
export type OpTemplate =
  | { readonly kind: 'append'; readonly name: number; readonly lookalikeOf: number | undefined; readonly derived: boolean; readonly sourcePicks: readonly number[]; readonly contentPick: number; readonly shape: number; readonly tokens: number; readonly score: number; readonly persist: boolean }
  | { readonly kind: 'persist'; readonly pick: number }
  | { readonly kind: 'rotate'; readonly all: boolean; readonly picks: readonly number[] }
  | { readonly kind: 'overwrite'; readonly pick: number; readonly contentPick: number; readonly shape: number }
  | { readonly kind: 'edit'; readonly pick: number; readonly contentPick: number; readonly shape: number }
  | { readonly kind: 'prune'; readonly pool: PrunePool; readonly pick: number; readonly acceptLossy: boolean; readonly claimSafe: boolean }
  | { readonly kind: 'summarize'; readonly name: number; readonly picks: readonly number[]; readonly preferSummaries: boolean; readonly escalate: boolean; readonly tokens: number; readonly score: number; readonly fabricate: boolean; readonly shape: number }
  | { readonly kind: 'reframe'; readonly scores: readonly (readonly [number, number])[]; readonly derivations: readonly (readonly [number, readonly number[]])[] }
  | { readonly kind: 'compact'; readonly threshold: number }
  | { readonly kind: 'restore'; readonly pick: number }
  | { readonly kind: 'lookup'; readonly pool: LookupPool; readonly pick: number }
  | { readonly kind: 'claim'; readonly picks: readonly number[]; readonly includeLost: boolean }
  | { readonly kind: 'callTool'; readonly signaturePick: number; readonly form: number; readonly repeat: boolean; readonly retryAfter: number | undefined; readonly status: CallStatus; readonly advance: number; readonly keyed: boolean; readonly sweep?: CallSweep }
  | { readonly kind: 'setVersion'; readonly which: 'model' | 'policy' | 'both' };

/** Where a prune's target is drawn from: bias toward the dangerous ones. */
export type PrunePool = 'resident' | 'summarized-source' | 'summary' | 'derived' | 'edited';

/** Where a lookup's id is drawn from: pruned ids next to never-seen look-alikes. */
export type LookupPool = 'evicted' | 'resident' | 'lookalike' | 'never-seen';

/**
 * A planned call's signature (src/gen/runtime/situationPlans.ts): `fresh`, one the episode has not called yet, whatever
 * its pool's size; `first`, the episode's first call again. A drawn call has none and picks from the pool.
 */
export type CallSweep = 'fresh' | 'first';
