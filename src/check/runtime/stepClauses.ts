import { INVARIANTS, type InvariantId } from '../../model/invariants.ts';
import type { Outcome } from '../../model/Outcome.ts';
import type { FindingKind } from '../FindingKind.ts';
import { referenceClause, systemClause, type Clause, type Fact } from '../Clause.ts';
import { findingOf, type Finding } from '../Finding.ts';
import { describeOperation, describeOutcome } from './describeOperation.ts';
import type { StepFacts } from './StepFacts.ts';

/** The identifying part of an outcome, as a shape the system's own answer must match. */
export function outcomeShape(outcome: Outcome): Record<string, unknown> {
  switch (outcome.kind) {
    case 'evicted': return { kind: outcome.kind, spanId: outcome.spanId, mode: outcome.mode };
    case 'rejected': return { kind: outcome.kind, spanId: outcome.spanId, reason: outcome.reason };
    case 'compacted': return { kind: outcome.kind, evicted: outcome.evicted.map((e) => ({ spanId: e.spanId, mode: e.mode })), refused: [...outcome.refused] };
    case 'reframed': return { kind: outcome.kind, floored: [...outcome.floored], derivable: [...outcome.derivable] };
    case 'rotated': return { kind: outcome.kind, expired: [...outcome.expired] };
    case 'tombstoned': return { kind: outcome.kind, spanId: outcome.spanId, why: outcome.why };
    case 'summarized': return { kind: outcome.kind, summaryId: outcome.summaryId };
    case 'executed': case 'duplicate': case 'too-soon': case 'unreconciled': return { kind: outcome.kind, signature: outcome.signature };
    case 'versioned': return { kind: outcome.kind, modelVersion: outcome.modelVersion, policyVersion: outcome.policyVersion };
    case 'substantiated': case 'derived-only': case 'gap': case 'unfounded': return { kind: outcome.kind };
    default: return { kind: outcome.kind, spanId: outcome.spanId };
  }
}

export const answered = (step: number, shape: unknown): Fact => ({ kind: 'answered', step, shape });
export const observed = (step: number, when: 'before' | 'after', spanId: string, shape: unknown): Fact => ({ kind: 'observed', step, when, spanId, shape });

/** "step N: <operation> → <what the system answered>". */
export function stepClause(facts: StepFacts): Clause {
  return { about: 'step', text: `step ${facts.step}: ${describeOperation(facts.op)} → ${describeOutcome(facts.actual)}`, facts: [answered(facts.step, outcomeShape(facts.actual))] };
}

/** "the reference answered …" then "the system answered …". */
export function answerClauses(facts: StepFacts): Clause[] {
  return [
    { about: 'step', text: `step ${facts.step}: ${describeOperation(facts.op)}`, facts: [] },
    referenceClause(`the reference answered: ${describeOutcome(facts.expected)}`),
    systemClause(`the system answered: ${describeOutcome(facts.actual)}`, answered(facts.step, outcomeShape(facts.actual))),
  ];
}

/** The rule itself, last in every chain. */
export function ruleClause(invariant: FindingKind, differential = "the system's outcome differs from the reference model's for the same state"): Clause {
  const text = invariant in INVARIANTS ? `${invariant}: ${INVARIANTS[invariant as InvariantId]}.` : `${invariant}: ${differential}.`;
  return { about: 'rule', text, facts: [] };
}

/** A finding on the step's outcome: the answers, the reasons, the rule. */
export function outcomeFinding(invariant: FindingKind, facts: StepFacts, ...reasons: Clause[]): Finding {
  return findingOf(invariant, [...answerClauses(facts), ...reasons, ruleClause(invariant)]);
}

/** A finding on what the system shows after the step: the step, the reasons, the rule. */
export function stateFinding(invariant: FindingKind, facts: StepFacts, ...reasons: Clause[]): Finding {
  return findingOf(invariant, [stepClause(facts), ...reasons, ruleClause(invariant, "the system's state differs from the reference model's")]);
}
