import type { FindingKind } from '../../check/FindingKind.ts';
import { RUNTIME_INVARIANT_IDS } from '../../model/invariants.ts';

const RULES: ReadonlySet<FindingKind> = new Set(RUNTIME_INVARIANT_IDS);

/**
 * Whether a shrink or simplification of a `target` finding may end with `candidate`: the same finding, or a rule of
 * spec/SPEC.md in place of a DIFFERENTIAL. A DIFFERENTIAL says only that the system's answer or state differs from
 * the reference's; when a trace no longer than its own breaks a named rule, that rule explains the difference and is
 * what the report names (the system really breaks it: the trace is re-run and confirmed like any other). A named
 * rule is never traded for another, nor for a DIFFERENTIAL, an adapter error or a timeout: shrinking keeps its bug.
 */
export function keepsFinding(target: FindingKind, candidate: FindingKind): boolean {
  return candidate === target || namesRuleFor(target, candidate);
}

/** Whether `candidate` is a named rule that explains a DIFFERENTIAL `target`. */
export function namesRuleFor(target: FindingKind, candidate: FindingKind): boolean {
  return target === 'DIFFERENTIAL' && RULES.has(candidate);
}
