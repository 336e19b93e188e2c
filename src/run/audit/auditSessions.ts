import { detectFormat, readerFor } from '../../adapters/sessions/detectFormat.ts';
import { SESSION_READERS } from '../../adapters/sessions/readers.ts';
import { SessionFormatError } from '../../adapters/sessions/SessionFormatError.ts';
import { AUDIT_RULE_IDS, type AuditFinding, type AuditRule } from '../../check/audit/AuditFinding.ts';
import { AUDITED_INVARIANTS } from '../../check/audit/policyOnCompaction.ts';
import { redact } from '../../check/audit/redact.ts';
import { addSurvival, emptySurvival } from '../../check/audit/survival.ts';
import { PRUNECHECK_VERSION } from '../version.ts';
import type { AuditOptions } from './AuditOptions.ts';
import type { AuditedSession, AuditReport } from './AuditReport.ts';
import { applyAuditExpectations, readAuditExpectations } from './auditExpectations.ts';
import { auditSession } from './auditSession.ts';
import { collectSessions } from './collectSessions.ts';

/** Every rule an audit runs, in report order: the policy-mode invariants, then the audit's own. */
export const AUDIT_RULES: readonly AuditRule[] = [...AUDITED_INVARIANTS.map((i) => i.id), ...AUDIT_RULE_IDS];

function redacted(f: AuditFinding): AuditFinding {
  return { ...f, because: f.because.map(redact), evidence: f.evidence.map((e) => ({ ...e, quote: redact(e.quote), label: redact(e.label) })) };
}

/**
 * Audits recorded sessions: reads each file (or every session under each directory), finds every
 * compaction, and judges it with the policy-mode invariants that apply and the audit's own rules. Answers the
 * report as data. Throws `SessionFormatError` (exit 2 on the command line) for a file it cannot read.
 */
export async function auditSessions(paths: readonly string[], options: AuditOptions = {}): Promise<AuditReport> {
  const started = performance.now();
  const known = options.expectations === undefined ? undefined : readAuditExpectations(options.expectations);
  const sessions: AuditedSession[] = [];
  const findings: AuditFinding[] = [];
  const skipped: { file: string; reason: string }[] = [];
  for (const { file, named } of collectSessions(paths)) {
    const format = options.format ?? (await detectFormat(file, SESSION_READERS));
    if (format === undefined) {
      if (named) throw new SessionFormatError('UNKNOWN_FORMAT', file, undefined, `not a session prunecheck recognises (formats: ${SESSION_READERS.map((r) => r.format).join(', ')}); pass --format to read it as one`);
      skipped.push({ file, reason: 'no reader recognises its first record' });
      continue;
    }
    sessions.push(await auditSession(file, readerFor(format, SESSION_READERS, file), (f) => findings.push(options.redact === true ? redacted(f) : f)));
  }
  const survival = emptySurvival();
  for (const s of sessions) addSurvival(survival, s.survival);
  const expectations = known === undefined || options.expectations === undefined ? undefined : applyAuditExpectations(options.expectations, known, findings, sessions);
  const verdict = (expectations === undefined ? findings.length === 0 : expectations.passed) ? 'conformant' : 'violation';
  return {
    prunecheckVersion: PRUNECHECK_VERSION,
    verdict,
    sessions,
    findings,
    rules: AUDIT_RULES,
    skipped,
    survival,
    compactions: sessions.reduce((n, s) => n + s.compactions.length, 0),
    bytes: sessions.reduce((n, s) => n + s.bytes, 0),
    durationMs: Math.round(performance.now() - started),
    redacted: options.redact === true,
    ...(expectations === undefined ? {} : { expectations }),
  };
}
