import type { ClaimOp } from '../../model/Operation.ts';
import type { ClaimVerdict } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-10 (D-01). Judges claims as seed 000's `assert_complete_for` does: a pruned span with a tombstone
 * counts as available, so a claim resting on a lost raw span is `substantiated` (on a lost derived span,
 * `derived-only`) instead of a `gap`. Lookups and negative claims answer as in the reference.
 */
export class TombstoneCountsAsEvidence extends ReferenceRuntime {
  protected override claim(op: ClaimOp): ClaimVerdict {
    // Seed 000's function judges required spans; a negative claim (INV-28) names none and is judged as the reference does.
    if (op.negative === true) return super.claim(op);
    const unknownIds: string[] = [];
    const derivedIds: string[] = [];
    for (const id of op.requiredIds) {
      if (this.lookup(id).kind === 'absent') unknownIds.push(id);
      else if (this.span(id)?.kind !== 'raw') derivedIds.push(id);
    }
    if (unknownIds.length > 0) return { kind: 'unfounded', claim: op.claim, unknownIds };
    if (derivedIds.length > 0) return { kind: 'derived-only', claim: op.claim, derivedIds };
    return { kind: 'substantiated', claim: op.claim };
  }
}

export const tombstoneCountsAsEvidence = runtimeAdapter(
  'tombstone-counts-as-evidence',
  'Breaks INV-10: a claim resting on a tombstoned (lost) span is not a gap',
  (config) => new TombstoneCountsAsEvidence(config),
);
