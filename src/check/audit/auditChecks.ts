import type { AuditCheck, AuditRuleId } from './AuditFinding.ts';
import { droppedIdentifier } from './droppedIdentifier.ts';
import { fabricatedAttribution } from './fabricatedAttribution.ts';
import { reissuedSideEffect } from './reissuedSideEffect.ts';
import { summaryChain } from './summaryChain.ts';

/** The audit's own rules, by id. */
export const AUDIT_CHECKS: Readonly<Record<AuditRuleId, AuditCheck>> = {
  'reissued-side-effect': reissuedSideEffect,
  'dropped-identifier': droppedIdentifier,
  'fabricated-attribution': fabricatedAttribution,
  'summary-chain': summaryChain,
};

/** What each rule observes, in one line, for reports and `docs/audit.md`. */
export const AUDIT_RULE_TEXT: Readonly<Record<AuditRuleId, string>> = {
  'reissued-side-effect': 'a side-effecting call completed before the compaction is issued again after it with the same arguments or request id',
  'dropped-identifier': 'an identifier dropped from the history and missing from the summary is later asked for, re-derived differently, or said never to exist',
  'fabricated-attribution': 'the summary attributes to the user a statement, or to a tool a result, that the history it replaced does not contain',
  'summary-chain': "a summary of a summary loses identifiers the earlier summary carried from its sources",
};
