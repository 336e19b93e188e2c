import type { FindingKind } from './FindingKind.ts';
import type { Clause } from './Clause.ts';

/**
 * A broken rule at one step: which, and a short chain of plain-English reasons. `clauses` are the same reasons
 * with who each is about and the facts that make the system's ones true (`because` is their text).
 */
export interface Finding {
  readonly invariant: FindingKind;
  readonly because: readonly string[];
  readonly clauses?: readonly Clause[];
  /**
   * How a run may go on past this finding when the adapter does not claim its invariant: `continue` (the
   * difference is only in what the system shows, the reference's state is still the system's), `adopt-scores`
   * (the reference takes the system's retention scores first). Absent: the states have parted; the run is cut
   * short there.
   */
  readonly resume?: 'continue' | 'adopt-scores';
}

/** A finding whose "because" chain is `clauses`' text. */
export function findingOf(invariant: FindingKind, clauses: readonly Clause[]): Finding {
  return { invariant, because: clauses.map((c) => c.text), clauses };
}
