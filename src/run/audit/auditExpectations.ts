import { readFileSync } from 'node:fs';
import { SESSION_FORMATS, type SessionFormat } from '../../adapters/sessions/SessionReader.ts';
import type { AuditFinding, AuditRule } from '../../check/audit/AuditFinding.ts';
import { SessionFormatError } from '../../adapters/sessions/SessionFormatError.ts';
import type { AuditExpectationsResult, AuditKnownFinding, AuditedSession } from './AuditReport.ts';

/** The format tag of an audit expectations file. */
export const AUDIT_EXPECTATIONS_FORMAT = 'prunecheck-audit-expectations/1';

/** Reads an audit expectations file; a malformed one fails naming the field (exit 2). */
export function readAuditExpectations(file: string): AuditKnownFinding[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error: unknown) {
    throw new SessionFormatError('UNREADABLE', file, undefined, `cannot read the audit expectations file: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const v = value as { format?: unknown; expectations?: unknown };
  if (v?.format !== AUDIT_EXPECTATIONS_FORMAT || !Array.isArray(v.expectations)) {
    throw new SessionFormatError('BAD_FIELD', file, undefined, `an audit expectations file is {"format": "${AUDIT_EXPECTATIONS_FORMAT}", "expectations": [{"format", "rule", "reason"}…]}`);
  }
  return v.expectations.map((e, i) => {
    const entry = e as Record<string, unknown>;
    if (!(SESSION_FORMATS as readonly unknown[]).includes(entry['format']) || typeof entry['rule'] !== 'string' || typeof entry['reason'] !== 'string' || entry['reason'] === '') {
      throw new SessionFormatError('BAD_FIELD', file, undefined, `expectations[${i}] needs 'format' (one of ${SESSION_FORMATS.join(', ')}), 'rule' (an audit rule or INV-nn) and a non-empty 'reason'`);
    }
    return { format: entry['format'] as SessionFormat, rule: entry['rule'] as AuditRule, reason: entry['reason'] };
  });
}

/** Compares findings with known ones: a finding no entry covers fails, and so does an entry nothing matched. */
export function applyAuditExpectations(file: string, known: readonly AuditKnownFinding[], findings: readonly AuditFinding[], sessions: readonly AuditedSession[]): AuditExpectationsResult {
  const formatOf = new Map(sessions.map((s) => [s.file, s.format]));
  const count = (k: AuditKnownFinding): number => findings.filter((f) => f.rule === k.rule && formatOf.get(f.compaction.file) === k.format).length;
  const covered = (f: AuditFinding): boolean => known.some((k) => k.rule === f.rule && formatOf.get(f.compaction.file) === k.format);
  const expected = known.map((k) => ({ ...k, count: count(k) })).filter((k) => k.count > 0);
  const audited = new Set(sessions.map((s) => s.format));
  const unexpectedPasses = known.filter((k) => audited.has(k.format) && count(k) === 0);
  const newFindings = findings.filter((f) => !covered(f)).length;
  const passed = newFindings === 0 && unexpectedPasses.length === 0;
  const summary = passed
    ? `as expected: ${expected.reduce((n, e) => n + e.count, 0)} known finding(s), nothing new`
    : [newFindings > 0 ? `${newFindings} new finding(s)` : '', unexpectedPasses.length > 0 ? `${unexpectedPasses.length} expected finding(s) that no longer occur (${unexpectedPasses.map((k) => `${k.format} ${k.rule}`).join(', ')}): remove them from ${file}` : ''].filter((s) => s !== '').join('; ');
  return { file, passed, expected, newFindings, unexpectedPasses, summary };
}
