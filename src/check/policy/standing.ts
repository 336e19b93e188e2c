import { standingInstructions } from '../../adapters/policy/standingInstructions.ts';
import { fedSoFar } from './doneStaysDone.ts';
import { describe } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/**
 * INV-32: standing instructions survive exactly once. Each standing instruction the agent was given (project
 * instructions attached as a message: AGENTS.md, CLAUDE.md, a skill, a persona) is in the list after the prune,
 * kept or re-injected, in exactly one message, counted by its text whatever ids the copies carry: not gone
 * (anthropics/claude-code#3841), not twice (anomalyco/opencode#31764).
 */
export const standingSurvivesOnce: PolicyCheck = (o) => {
  const out: string[] = [];
  for (const s of standingInstructions(fedSoFar(o))) {
    const holders = o.after.filter((a) => a.content.includes(s.content));
    if (holders.length === 1) continue;
    out.push(
      holders.length === 0
        ? `standing instruction ${describe(s)} is in no message after round ${o.round}'s prune, verbatim or re-injected: the agent works without its project instructions.`
        : `standing instruction ${describe(s)} is in ${holders.length} messages after round ${o.round}'s prune (${holders.map((h) => h.id ?? '(no id)').join(', ')}): one copy is kept, the others cost tokens and say it again.`,
    );
  }
  return out;
};
