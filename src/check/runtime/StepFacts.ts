import type { Operation } from '../../model/Operation.ts';
import type { Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { ReferenceRuntime, SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { Deviation } from './FollowSystem.ts';
import type { IssuedHandles } from './IssuedHandles.ts';

/**
 * Everything a checker may look at for one step: the operation, both outcomes, and observations of the ids the
 * step touched, before and after, from the reference and from the system under test. Checking cost is
 * proportional to the touched ids, never to the window's size.
 */
export interface StepFacts {
  readonly step: number;
  readonly op: Operation;
  /** The reference's outcome: the system's own where the spec allows it (adopted), else the reference's. */
  readonly expected: Outcome;
  readonly actual: Outcome;
  readonly refBefore: ReadonlyMap<string, SpanObservation>;
  readonly refAfter: ReadonlyMap<string, SpanObservation>;
  readonly sutBefore: ReadonlyMap<string, SpanObservation>;
  readonly sutAfter: ReadonlyMap<string, SpanObservation>;
  /** The system's request-ledger record for a `callTool` step's signature; 'unsupported' without `request()`. */
  readonly sutRequest?: RequestRecord | undefined | 'unsupported';
  /** The reference runtime after the step (versions, frame, span metadata, audit log). */
  readonly reference: ReferenceRuntime;
  /** Gate answers of the system's that the spec forbids, found while the reference followed it. */
  readonly deviations?: readonly Deviation[];
  /** The backing-copy handles the system issued at the steps before this one. */
  readonly issued?: IssuedHandles;
}
