import type { InvariantId } from '../../../model/invariants.ts';
import { POLICY_CHECKABLE } from '../../../adapters/policy/invariantIds.ts';
import type { PolicyAdapter } from '../../../adapters/policy/PolicyAdapter.ts';
import { createWindowPruner, type WindowFlaw } from '../windowPruner.ts';
import { observeWindow } from '../observedWindow.ts';

/**
 * A window pruner with one deliberate defect, and the invariant that must catch it. The broken zoo exists so
 * each policy check is shown to kill at least one wrong pruner (spec/policy/brokenPolicyPruners.test.ts).
 */
export interface BrokenPolicyPruner {
  readonly adapter: PolicyAdapter;
  /** The defect's name: a `WindowFlaw`, a `StateFlaw` (observedWindow.ts), or a view flaw of its own (viewFlaw.ts). */
  readonly flaw: string;
  readonly caughtBy: InvariantId;
}

/** The broken zoo's adapter shell, one for every kind of defect: its name, package and claims. */
export function brokenPruner(flaw: string, caughtBy: InvariantId, own: Pick<PolicyAdapter, 'description' | 'create' | 'asynchronousPrune'>): BrokenPolicyPruner {
  return {
    flaw,
    caughtBy,
    adapter: { kind: 'policy', name: `broken-${flaw}`, version: '0.1.0', package: 'prunecheck (in-repo, broken on purpose)', invariants: POLICY_CHECKABLE, ...own },
  };
}

export function brokenWindow(flaw: WindowFlaw, caughtBy: InvariantId): BrokenPolicyPruner {
  return brokenPruner(flaw, caughtBy, {
    description: `Window pruner that ${flaw.replace(/-/g, ' ')}`,
    asynchronousPrune: true,
    create: (model, config) => observeWindow(createWindowPruner(model, config, [flaw]), config),
  });
}
