import type { ClaimOp } from '../../model/Operation.ts';
import type { ClaimVerdict } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-28. Judges a negative claim ("no error occurred") by what the window holds, as an agent searching its
 * own context does: nothing of the kind resident, so the claim stands, although an observation of that kind was
 * pruned and lost (seed 000: "refuse to assert that a fact 'was never observed' based on its absence from the
 * window"). Positive claims are judged as the reference judges them.
 */
export class NegativeClaimsTrustWindow extends ReferenceRuntime {
  protected override claim(op: ClaimOp): ClaimVerdict {
    if (op.negative !== true) return super.claim(op);
    return { kind: 'substantiated', claim: op.claim };
  }
}

export const negativeClaimsTrustWindow = runtimeAdapter(
  'negative-claims-trust-window',
  'Breaks INV-28: a negative claim is substantiated by the window alone, although an observation in its scope was lost',
  (config) => new NegativeClaimsTrustWindow(config),
);
