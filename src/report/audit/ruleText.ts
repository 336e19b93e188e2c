import { AUDIT_RULE_TEXT } from '../../check/audit/auditChecks.ts';
import type { AuditRule, AuditRuleId } from '../../check/audit/AuditFinding.ts';
import { POLICY_RULES } from '../../check/policy/invariants.ts';
import type { InvariantId } from '../../model/invariants.ts';
import type { RecordRef } from '../../adapters/sessions/SessionEvent.ts';

/** What a rule observes, in one line. */
export function ruleText(rule: AuditRule): string {
  return (AUDIT_RULE_TEXT as Record<string, string>)[rule as AuditRuleId] ?? POLICY_RULES[rule as InvariantId] ?? rule;
}

/** `file:line (record id)`, as every reporter names a place in a session. */
export function placeOf(at: RecordRef): string {
  return `${at.file}:${at.line}${at.recordId === undefined ? '' : ` (${at.recordId})`}`;
}
