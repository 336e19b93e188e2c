import type { LookupAnswer } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-04. A lookup answers from what it can retrieve: a pruned id whose content is lost (lossy eviction,
 * expired copy, lost sources) answers `absent` instead of `tombstoned`, the second-order failure of seed 002
 * (the model reads the empty result as evidence the identifier never existed). Claims are judged as the
 * reference judges them.
 */
export class AnswersAbsentForPruned extends ReferenceRuntime {
  override lookup(spanId: string): LookupAnswer {
    const answer = super.lookup(spanId);
    return answer.kind === 'tombstoned' ? { kind: 'absent', spanId } : answer;
  }
}

export const answersAbsentForPruned = runtimeAdapter(
  'answers-absent-for-pruned',
  'Breaks INV-04: a lookup of a pruned id whose content is lost answers absent instead of tombstoned',
  (config) => new AnswersAbsentForPruned(config),
);
