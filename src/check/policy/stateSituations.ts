import type { PolicyObservation } from './PolicyObservation.ts';
import { isKept } from './messageQueries.ts';
import { observedDifference } from './reportedOutcome.ts';
import { UNCHANGED } from '../../adapters/policy/readCache.ts';

const fullRead = (o: PolicyObservation): boolean => o.before.some((m) => m.role === 'tool' && m.name === 'read_file' && !m.content.startsWith(UNCHANGED) && !isKept(m, o.after));
const changed = (o: PolicyObservation): boolean => {
  const d = observedDifference(o.before, o.after);
  return d.removed + d.replaced + d.inserted > 0;
};

/**
 * The situations INV-36…INV-38 need a run to reach: a prune that removed a file's content while a read cache
 * may still vouch for it, a read answered "unchanged" in the history, an arrival after a round whose prune
 * changed the list (it landed while that compaction could run; `arrival-before-summary` when the scheduler
 * released it before a summarizer answer of an asynchronous pruner), and a step that changed nothing (where a
 * library that reports "compacted" on every trigger is caught).
 */
export function stateSituations(obs: readonly PolicyObservation[], bump: (name: string, reached: boolean) => void): void {
  bump('file-read-pruned', obs.some(fullRead));
  bump('read-answered-unchanged', obs.some((o) => o.before.some((m) => m.role === 'tool' && m.content.startsWith(UNCHANGED))));
  // Asynchronous: it landed while the step that changed the list ran. Synchronous: it waited for that step to end.
  bump('arrival-during-compaction', obs.some((o, i) => ((o.arrived?.length ?? 0) > 0 && changed(o)) || ((o.deferred?.length ?? 0) > 0 && i > 0 && changed(obs[i - 1] as PolicyObservation))));
  bump('arrival-before-summary', obs.some((o) => (o.interleaving ?? []).findIndex((l) => l.startsWith('arrival')) >= 0 && (o.interleaving ?? []).findIndex((l) => l.startsWith('arrival')) < (o.interleaving ?? []).lastIndexOf('summarizer answers')));
  bump('step-without-change', obs.some((o) => o.before.length > 0 && !changed(o)));
}
