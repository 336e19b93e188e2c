import { AuditLog, type AuditEntry } from '../../model/AuditLog.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/** A log that keeps what succeeded: a refused directive leaves no entry. */
class SuccessLog extends AuditLog {
  override record(entry: AuditEntry): void {
    if (entry.outcome.kind !== 'rejected') super.record(entry);
  }
}

/**
 * Breaks INV-12. The audit log records only the operations that did something: a rejected directive answers
 * `rejected` and leaves its notice in the window, but the log has no entry for it, so the refusal cannot be audited
 * later. Everything the window and the stores show is the reference's. Issue 22: with no way to read the log, this
 * runtime passed and INV-12 read ✓; it is caught once the adapter exposes `auditLog()`.
 */
export class AuditLogDropsRejections extends ReferenceRuntime {
  override readonly log: AuditLog = new SuccessLog();
}

export const auditLogDropsRejections = runtimeAdapter(
  'audit-log-drops-rejections',
  'Breaks INV-12: the audit log keeps no entry for a rejected directive',
  (config) => new AuditLogDropsRejections(config),
);
