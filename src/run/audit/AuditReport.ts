import type { SessionFormat } from '../../adapters/sessions/SessionReader.ts';
import type { RecordRef } from '../../adapters/sessions/SessionEvent.ts';
import type { AuditFinding, AuditRule } from '../../check/audit/AuditFinding.ts';
import type { Survival } from '../../check/audit/survival.ts';

/** One compaction as the report lists it. */
export interface AuditedCompaction {
  readonly at: RecordRef;
  readonly summary: 'text' | 'opaque';
  readonly trigger?: string;
  readonly before: number;
  readonly after: number;
  readonly dropped: number;
  readonly afterExact: boolean;
  /** Identifier survival; absent for an opaque summary. */
  readonly survival?: Survival;
}

/** One session file: what was read, its compactions, what was skipped, and its survival totals. */
export interface AuditedSession {
  readonly file: string;
  readonly format: SessionFormat;
  readonly agent: string;
  /** The versions of the format the reader was written for. */
  readonly readerVersions: string;
  /** The agent's version as the session records it. */
  readonly agentVersion?: string;
  readonly bytes: number;
  readonly lines: number;
  readonly messages: number;
  readonly compactions: readonly AuditedCompaction[];
  /** Record types the reader does not know: counted and skipped. */
  readonly unknownRecords: Readonly<Record<string, number>>;
  readonly warnings: readonly string[];
  readonly survival: Survival;
}

/** A known finding from an audit expectations file: sessions of `format` break `rule`, for `reason`. */
export interface AuditKnownFinding {
  readonly format: SessionFormat;
  readonly rule: AuditRule;
  readonly reason: string;
}

/** How the findings compare with the expectations file. */
export interface AuditExpectationsResult {
  readonly file: string;
  readonly passed: boolean;
  readonly expected: readonly { readonly format: SessionFormat; readonly rule: AuditRule; readonly reason: string; readonly count: number }[];
  /** Findings no entry covers. */
  readonly newFindings: number;
  /** Entries whose format was audited and whose rule found nothing: stale. */
  readonly unexpectedPasses: readonly AuditKnownFinding[];
  readonly summary: string;
}

/** The result of `auditSessions`, also the JSON report's shape. */
export interface AuditReport {
  readonly prunecheckVersion: string;
  /** `conformant` when no compaction breaks a rule (or, with expectations, when they hold). */
  readonly verdict: 'conformant' | 'violation';
  readonly sessions: readonly AuditedSession[];
  readonly findings: readonly AuditFinding[];
  /** The rules run, in report order. */
  readonly rules: readonly AuditRule[];
  /** Files a directory walk found but no reader recognised. */
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
  readonly survival: Survival;
  readonly compactions: number;
  readonly bytes: number;
  readonly durationMs: number;
  readonly redacted: boolean;
  readonly expectations?: AuditExpectationsResult;
}
