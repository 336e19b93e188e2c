import type { PruningSystem } from '../../adapters/Adapter.ts';
import type { InvariantId } from '../../model/invariants.ts';

/** An optional observation of the adapter contract (spec/ADAPTER.md §3) that some invariant cannot be judged without. */
export type Observation = 'auditLog' | 'request';

/**
 * What each invariant needs to see beyond the outcomes and `observe`, which every adapter gives. An invariant
 * whose claim rests on state nothing else shows (the audit log, the effect ledger) is `unknown: not observable`
 * for a system that does not expose it: judging it from outcomes alone would report a rule as passed that was
 * never looked at.
 */
export const INVARIANT_NEEDS: Readonly<Partial<Record<InvariantId, readonly Observation[]>>> = {
  // "Every operation MUST be logged with its outcome": only the log shows the log.
  'INV-12': ['auditLog'],
  // "A change of model or policy version MUST be an entry in the audit log".
  'INV-11': ['auditLog'],
  // "recorded in the external effect ledger as an attempt": the ledger, not the outcomes, is the claim.
  'INV-09': ['request'],
};

/** How to expose each observation, for the report's reason. */
export const EXPOSE: Readonly<Record<Observation, string>> = {
  auditLog: 'auditLog() (protocol 1.2: the auditLog message)',
  request: 'request(signature) (protocol: the request message)',
};

/** The observations `system` exposes. */
export function exposedBy(system: PruningSystem): Set<Observation> {
  const exposed = new Set<Observation>();
  if (typeof system.auditLog === 'function') exposed.add('auditLog');
  if (typeof system.request === 'function') exposed.add('request');
  return exposed;
}

/** The reason `invariant` is not observable on a system exposing `exposed`, or undefined when it is. */
export function unobservable(invariant: InvariantId, exposed: ReadonlySet<Observation>): string | undefined {
  const missing = (INVARIANT_NEEDS[invariant] ?? []).filter((o) => !exposed.has(o));
  return missing.length === 0 ? undefined : `not observable, expose ${missing.map((o) => EXPOSE[o]).join(' and ')}`;
}
