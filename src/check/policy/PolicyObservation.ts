import type { PolicyRecord } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { ModelCall } from '../../gen/policy/fakeModel.ts';

/** What the harness saw around one prune: the list before and after, the library's record, the model calls. */
export interface PolicyObservation {
  /** 1-based round. */
  readonly round: number;
  readonly before: readonly PolicyMessage[];
  readonly after: readonly PolicyMessage[];
  readonly record: PolicyRecord;
  /** The library threw out of its prune hook with this message. */
  readonly threw?: string;
  /** The fake model's calls during this prune. */
  readonly calls: readonly ModelCall[];
  /** Every message that has carried an id in any list so far (before this prune's result), by id. */
  readonly seen: ReadonlyMap<string, PolicyMessage>;
  /** The messages the harness wrote (user statements, tool calls…), by id. */
  readonly written: ReadonlyMap<string, PolicyMessage>;
}
