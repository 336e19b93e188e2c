import type { InvariantId } from '../../../model/invariants.ts';
import type { PolicyMessage } from '../../../adapters/policy/PolicyMessage.ts';
import { createWindowPruner } from '../windowPruner.ts';
import { brokenPruner, type BrokenPolicyPruner } from './brokenWindow.ts';

/**
 * What a view flaw takes out of the list once the pruner has compacted: the messages it moves to its archive
 * instead of keeping them (`view` is the list the correct window pruner would show).
 */
export type ViewFlaw = (view: readonly PolicyMessage[]) => readonly PolicyMessage[];

/**
 * The in-repo window pruner with one defect in what it keeps after a compaction, or `always` (issue 22: defects the generator
 * reaches only now that user messages range up to past the summarizer's window and turns hold up to 8 parallel
 * calls). What the flaw takes out of the list goes to the archive, so only the invariant named sees it.
 */
export function brokenView(flaw: string, description: string, caughtBy: InvariantId, drops: ViewFlaw, when: 'compacted' | 'always' = 'compacted'): BrokenPolicyPruner {
  return brokenPruner(flaw, caughtBy, {
    description,
    create: (model, config) => {
      const inner = createWindowPruner(model, config);
      const moved: PolicyMessage[] = [];
      return {
        async step(incoming) {
          const answer = await inner.step(incoming);
          if (when === 'compacted' && Number(answer.record.metadata['summaries'] ?? 0) === 0) return answer;
          const out = new Set(drops(answer.view));
          for (const m of out) if (!moved.includes(m)) moved.push(m);
          return { ...answer, view: answer.view.filter((m) => !out.has(m)), record: { ...answer.record, retained: [...answer.record.retained, ...moved.filter((m) => !answer.record.retained.includes(m))] } };
        },
      };
    },
  });
}
