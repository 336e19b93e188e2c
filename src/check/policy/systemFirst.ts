import { samePayload, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { describe, isWritten } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';
import type { PolicyObservation } from './PolicyObservation.ts';

/**
 * Where the agent's own messages begin in `list`: 0, or, for a library that declares its summary a system
 * message (`summaryIsSystemMessage`), after the system messages it inserted itself at the head, which a
 * provider reads together with the system prompt as one system block.
 */
function head(o: PolicyObservation, list: readonly PolicyMessage[]): number {
  if (o.capabilities?.summaryIsSystemMessage !== true) return 0;
  let at = 0;
  while (list[at]?.role === 'system' && !isWritten(o.written, list[at] as PolicyMessage)) at += 1;
  return at;
}

/**
 * INV-19: a system message the agent wrote that was first stays first, unchanged. Only the agent's: a system
 * message the library inserted (its summary) is derived, and replacing it with a newer summary is the library's
 * business (INV-05 holds it to naming what it replaces).
 */
export const systemStaysFirst: PolicyCheck = (o) => {
  const first = o.before[head(o, o.before)];
  if (first?.role !== 'system' || !isWritten(o.written, first)) return [];
  const now = o.after[head(o, o.after)];
  if (now !== undefined && now.id === first.id && samePayload(now, first)) return [];
  return [`before round ${o.round}'s prune the list began with ${describe(first)}; after it, it begins with ${now === undefined ? 'nothing (the list is empty)' : describe(now)}.`];
};
