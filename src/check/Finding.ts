import type { FindingKind } from '../run/CheckReport.ts';

/** A broken rule at one step: which, and a short chain of plain-English reasons. */
export interface Finding {
  readonly invariant: FindingKind;
  readonly because: readonly string[];
}
