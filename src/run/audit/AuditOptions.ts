import type { SessionFormat } from '../../adapters/sessions/SessionReader.ts';

/** Options of `auditSessions` and `prunecheck audit`. */
export interface AuditOptions {
  /** Read every file as this format instead of detecting it. */
  readonly format?: SessionFormat;
  /** Mask secrets and long values in every quote and sentence of the report. */
  readonly redact?: boolean;
  /** An audit expectations file (`prunecheck-audit-expectations/1`): known findings by format and rule. */
  readonly expectations?: string;
}
