import { isKept } from '../../check/policy/messageQueries.ts';
import { FAILING_BEHAVIOURS } from '../../gen/policy/fakeModel.ts';
import { compactionSituations } from '../../check/policy/compactionSituations.ts';
import type { PolicyCaseRun } from './runPolicyCase.ts';

/**
 * Counts the dangerous situations a run reached, so a report shows the generator actually exercised them:
 * a prune that removed something, a failing or huge summary, a side-effecting retry in the list, a re-frame.
 */
export function policySituations(run: PolicyCaseRun, into: Record<string, number>): void {
  const bump = (name: string, reached: boolean): void => {
    if (reached) into[name] = (into[name] ?? 0) + 1;
  };
  const obs = run.observations;
  bump('pruned', obs.some((o) => o.before.some((m) => !isKept(m, o.after)) || o.after.some((a) => !isKept(a, o.before))));
  bump('summarizer-called', run.calls.length > 0);
  bump('summarizer-failed', run.calls.some((c) => (FAILING_BEHAVIOURS as readonly string[]).includes(c.behaviour)));
  bump('summary-huge', run.calls.some((c) => c.behaviour === 'huge'));
  bump('library-threw', obs.some((o) => o.threw !== undefined));
  bump('system-first', obs.some((o) => o.before[0]?.role === 'system'));
  bump('structured-error', obs.some((o) => o.before.some((m) => m.role === 'tool' && m.isError === true)));
  bump('reframe', obs.some((o) => o.before.some((m) => m.role === 'user' && m.content.startsWith('NEW TASK'))));
  bump('multi-round', obs.length > 1);
  compactionSituations(obs, bump);
}
