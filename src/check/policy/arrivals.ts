import { describe, isKept, isRecoverable } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/**
 * INV-37: nothing that arrives during a compaction is lost. Every message that landed while the step ran (a user
 * message typed while the prune ran, a tool result, a sub-agent's report), at the moment the scheduler picked,
 * is in the list after the step or held exactly by the library's record (a queue it reports counts). One that
 * lands after the step returned is the next step's like any new message, where INV-01 and INV-17 judge it
 * (anthropics/claude-code#62235, earendil-works/pi#7086, openai/codex#26728).
 */
export const arrivalsSurvive: PolicyCheck = (o) => {
  const order = o.interleaving === undefined || o.interleaving.length === 0 ? '' : ` (the scheduler released, in order: ${o.interleaving.join(', ')})`;
  return (o.arrived ?? [])
    .filter((m) => !isKept(m, o.after) && !isRecoverable(m, o.record))
    .map((m) => `${describe(m)} arrived while round ${o.round}'s prune was running${order}, and after it it is neither in the list nor held by the library's record: it was lost.`);
};
