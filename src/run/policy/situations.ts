import { isKept } from '../../check/policy/messageQueries.ts';
import { FAILING_BEHAVIOURS } from '../../gen/policy/fakeModel.ts';
import { compactionSituations } from '../../check/policy/compactionSituations.ts';
import { exposureSituations } from '../../check/policy/exposureSituations.ts';
import { stateSituations } from '../../check/policy/stateSituations.ts';
import type { InvariantId } from '../../model/invariants.ts';
import type { PolicyCaseRun } from '../../check/policy/PolicyCaseRun.ts';
import type { PolicyCapabilities } from '../../adapters/policy/PolicyCapabilities.ts';
import { waivedSituations } from './waivedSituations.ts';
import { approvalSituations } from '../../check/policy/approvalSituations.ts';

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
  exposureSituations(obs, bump);
  stateSituations(obs, bump);
  approvalSituations(obs, bump);
}

/**
 * Which situations a policy check must reach before a pass means anything, and the invariant that makes each
 * apply: the generator's own always; the summarizer's when INV-16 is claimed; INV-20 onward's when claimed.
 */
const REQUIRED: readonly (readonly [string, InvariantId | 'always'])[] = [
  ['pruned', 'always'],
  ['multi-round', 'always'],
  ['system-first', 'always'],
  ['structured-error', 'always'],
  ['reframe', 'always'],
  ['summarizer-called', 'INV-16'],
  ['summarizer-failed', 'INV-16'],
  ['in-flight-call', 'INV-20'],
  ['unread-results', 'INV-20'],
  ['reasoning-item', 'INV-21'],
  ['settle-step', 'INV-22'],
  ['instruction-like-tool-output', 'INV-23'],
  ['instruction-done', 'INV-24'],
  ['instruction-pending', 'INV-24'],
  ['side-effect-completed', 'INV-25'],
  ['agent-state-kept', 'INV-26'],
  ['instruction-retracted', 'INV-30'],
  ['unfinished-work-summarized', 'INV-31'],
  ['standing-instruction-pruned', 'INV-32'],
  ['request-shape-at-risk', 'INV-33'],
  ['attachment-pruned', 'INV-34'],
  ['secret-pruned', 'INV-35'],
  ['file-read-pruned', 'INV-36'],
  ['read-answered-unchanged', 'INV-36'],
  ['arrival-during-compaction', 'INV-37'],
  ['step-without-change', 'INV-38'],
  ['approval-pruned', 'INV-33'],
];

/**
 * Why `situations` (counted over `runs` conversations) are too thin for a `conformant` verdict for a pruner
 * claiming `claimed`, with the numbers; empty when every situation that applies was reached.
 */
export function policyCoverageGaps(claimed: readonly InvariantId[], situations: Readonly<Record<string, number>>, runs: number, capabilities?: PolicyCapabilities): string[] {
  const waived = waivedSituations(capabilities);
  const missing = REQUIRED.filter(([name, by]) => (by === 'always' || claimed.includes(by)) && !waived.includes(name) && (situations[name] ?? 0) === 0).map(([name]) => name);
  const gaps: string[] = [];
  if (missing.includes('pruned')) gaps.push(`the pruner never pruned in ${runs} conversations: raise the pressure or check the adapter`);
  else if (missing.includes('summarizer-called')) gaps.push(`the summarizer was never called in ${runs} conversations: raise the pressure or check the adapter`);
  const rest = missing.filter((name) => name !== 'pruned' && name !== 'summarizer-called');
  if (rest.length > 0) gaps.push(`${runs} conversation${runs === 1 ? '' : 's'} never reached: ${rest.join(', ')}; raise --runs`);
  return gaps;
}

/** The situations the coverage gate waits for, for a pruner claiming `claimed` with `capabilities`: listed in every report, reached or not. */
export function applicableSituations(claimed: readonly InvariantId[], capabilities?: PolicyCapabilities): string[] {
  const waived = waivedSituations(capabilities);
  return REQUIRED.filter(([name, by]) => (by === 'always' || claimed.includes(by)) && !waived.includes(name)).map(([name]) => name);
}
