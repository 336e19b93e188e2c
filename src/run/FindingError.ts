import type { Finding } from '../check/Finding.ts';
import type { Operation } from '../model/Operation.ts';
import type { RuntimeConfig } from '../model/ReferenceRuntime.ts';
import type { RecordedOutcome } from './runtime/EpisodeDriver.ts';

/** Thrown inside a property run to fail it; carries the episode that produced the finding. */
export class FindingError extends Error {
  override readonly name = 'FindingError';
  readonly code = 'FINDING';

  constructor(
    readonly finding: Finding,
    readonly config: RuntimeConfig,
    readonly trace: readonly Operation[],
    readonly outcomes: readonly RecordedOutcome[],
  ) {
    super(`${finding.invariant} at step ${trace.length}: ${finding.because.join(' / ')}`);
  }
}
