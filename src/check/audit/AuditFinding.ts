import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { RecordedCompaction, RecordedMessage, RecordRef } from '../../adapters/sessions/SessionEvent.ts';
import type { InvariantId } from '../../model/invariants.ts';
import type { CompactionFacts } from './compactionFacts.ts';

/** The audit's own rules, judged on what the agent did after the compaction (only a recording has it). */
export const AUDIT_RULE_IDS = ['reissued-side-effect', 'dropped-identifier', 'fabricated-attribution', 'summary-chain'] as const;
export type AuditRuleId = (typeof AUDIT_RULE_IDS)[number];

/** A rule a finding breaks: one of the audit's own, or a policy-mode invariant run on the compaction. */
export type AuditRule = AuditRuleId | InvariantId;

/** A quoted piece of the recording, with where it is. Quotes are truncated (and masked under `--redact`). */
export interface AuditEvidence {
  readonly at: RecordRef;
  readonly label: string;
  readonly quote: string;
}

/** One finding: the compaction it is about, the rule, why, and the quoted evidence. */
export interface AuditFinding {
  readonly rule: AuditRule;
  /** Where the compaction is recorded (file, line, record id). */
  readonly compaction: RecordRef;
  readonly because: readonly string[];
  readonly evidence: readonly AuditEvidence[];
}

/** A compaction already judged, as a later one sees it: where it was, its summary and what it kept. */
export type EarlierCompaction = Omit<RecordedCompaction, 'before'>;

/** What the rules see of one compaction: it, its place in the session, the one before it, and what came after. */
export interface AuditObservation {
  /** 1-based index of the compaction in its session. */
  readonly index: number;
  readonly compaction: RecordedCompaction;
  /**
   * The compaction before this one, without its `before` list: that window is gone by now (memory holds the
   * windows being judged, not the ones before them).
   */
  readonly previous?: EarlierCompaction;
  /** The messages the agent appended after this compaction, up to the next one or the end of the session. */
  readonly future: readonly RecordedMessage[];
  /** Where a message of `before` was recorded, when the reader yielded it (not for messages of earlier windows). */
  readonly where: (message: PolicyMessage) => RecordRef | undefined;
  /** The compaction's facts, when the audit computed them already (`factsIn` computes them otherwise). */
  readonly facts?: CompactionFacts;
}

/** An audit rule: the findings it makes on one compaction. */
export type AuditCheck = (o: AuditObservation) => AuditFinding[];

const QUOTE_MAX = 160;

/** A quote as findings carry it: one line, at most 160 characters. */
export function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_MAX ? `${flat.slice(0, QUOTE_MAX)}…(${flat.length} chars)` : flat;
}
