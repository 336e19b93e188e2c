import type { AuditEntry } from '../../model/AuditLog.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import { referenceClause, systemClause } from '../Clause.ts';
import { findingOf, type Finding } from '../Finding.ts';
import { compareAnswer } from './compareAnswer.ts';
import { describeOperation, describeOutcome } from './describeOperation.ts';
import { answered, ruleClause } from './stepClauses.ts';

/** One step the system answered with an outcome: what it was asked, at which step, and what it answered. */
export interface AnsweredStep {
  readonly step: number;
  readonly op: Operation;
  readonly outcome: Outcome;
}

// An in-process runtime logs the very operation it was given: identity first, the bytes otherwise. The kind is
// compared before the bytes because a log holds entries of other operations (a window built before the episode, or
// a runtime's own extra entries) that the search passes over: serializing each of them made a step O(log).
const kindOf = (x: unknown): unknown => (typeof x === 'object' && x !== null ? (x as { readonly kind?: unknown }).kind : x);
const sameOp = (a: unknown, b: unknown): boolean => a === b || (kindOf(a) === kindOf(b) && JSON.stringify(a) === JSON.stringify(b));

/** What the system answered at a step, said only when the log differs from it. */
const answeredAt = (step: AnsweredStep) => systemClause(`step ${step.step}: ${describeOperation(step.op)} → ${describeOutcome(step.outcome)}`, answered(step.step, { kind: step.outcome.kind }));

/**
 * INV-12 (and INV-11's "a version change is an entry"), judged on the log a system exposes (`auditLog()`): every
 * operation it answered with an outcome has an entry, in order, naming that operation with the outcome it
 * answered (compared field by field, masking only the declared choices). Entries beyond them (a misuse the
 * runtime logged too) are its own. `undefined` when the log holds every answered step.
 */
export function checkAuditLog(log: readonly AuditEntry[], steps: readonly AnsweredStep[], now: number): Finding | undefined {
  let at = 0;
  for (const step of steps) {
    let found = -1;
    for (let i = at; i < log.length; i += 1) if (sameOp(log[i]?.operation, step.op)) { found = i; break; }
    const rule = step.op.kind === 'setVersion' ? 'INV-11' : 'INV-12';
    if (found < 0) {
      const asked = steps.filter((s) => s.step <= step.step && sameOp(s.op, step.op)).length;
      const held = log.filter((e) => sameOp(e.operation, step.op)).length;
      return findingOf(rule, [
        { about: 'step', text: `the audit log after step ${now}`, facts: [] },
        answeredAt(step),
        systemClause(`the runtime's audit log holds ${held} ${held === 1 ? 'entry' : 'entries'} for this operation, which was answered ${asked} ${asked === 1 ? 'time' : 'times'} by then: it has no entry for it`, { kind: 'audit-log', step: now, operation: step.op, count: held }),
        referenceClause(step.outcome.kind === 'rejected' ? 'a refused directive is logged like any other, with its rejection: the log is how a refusal is audited later (seed 002)' : 'every operation is logged with its outcome'),
        ruleClause(rule),
      ]);
    }
    const entry = log[found] as AuditEntry;
    const d = entry.outcome === step.outcome ? undefined : compareAnswer('outcome', step.outcome, entry.outcome);
    if (d !== undefined) {
      return findingOf('INV-12', [
        { about: 'step', text: `the audit log after step ${now}`, facts: [] },
        answeredAt(step),
        systemClause(`its audit-log entry records ${d.path} as ${JSON.stringify(d.actual)}`, { kind: 'audit-log', step: now, operation: step.op, outcome: d.path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), d.actual) }),
        referenceClause(`the log records the outcome the runtime answered: ${JSON.stringify(d.expected)}`),
        ruleClause('INV-12'),
      ]);
    }
    at = found + 1;
  }
  return undefined;
}
