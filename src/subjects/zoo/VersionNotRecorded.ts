import type { SummarizeOp } from '../../model/Operation.ts';
import type { EvictionMode, Rejected, Summarized, WindowFull } from '../../model/Outcome.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import type { Tombstone } from '../../model/Tombstone.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-11. Logs version changes, but stamps tombstones and summaries with the model and policy versions
 * it was started with, as a pruner configured once at start-up would: after a `setVersion`, artefacts claim to
 * come from the old scorer (seed 000: summaries from different scorers treated as one consistent history).
 */
export class VersionNotRecorded extends ReferenceRuntime {
  private readonly startModelVersion = this.modelVersion;
  private readonly startPolicyVersion = this.policyVersion;

  protected override tombstoneFor(span: Span, mode: EvictionMode, handle: string | undefined): Tombstone {
    return { ...super.tombstoneFor(span, mode, handle), modelVersion: this.startModelVersion, policyVersion: this.startPolicyVersion };
  }

  protected override summarize(op: SummarizeOp): Summarized | Rejected | WindowFull {
    const current = [this.modelVersion, this.policyVersion] as const;
    this.modelVersion = this.startModelVersion;
    this.policyVersion = this.startPolicyVersion;
    try {
      return super.summarize(op);
    } finally {
      [this.modelVersion, this.policyVersion] = current;
    }
  }
}

export const versionNotRecorded = runtimeAdapter(
  'version-not-recorded',
  'Breaks INV-11: tombstones and summaries carry the versions in force at start-up, not the current ones',
  (config) => new VersionNotRecorded(config),
);
