import type { Operation } from './Operation.ts';
import type { Outcome } from './Outcome.ts';

/** One logged operation: what was asked, at which step, and what the runtime did (INV-12). */
export interface AuditEntry {
  readonly step: number;
  readonly operation: Operation;
  readonly outcome: Outcome;
}

/**
 * The append-only log of every operation and its outcome, including each prune's backing-store check (carried
 * by the outcome). Kept outside the window. Version changes are entries too (INV-11).
 */
export class AuditLog {
  private readonly entries: AuditEntry[] = [];

  record(entry: AuditEntry): void {
    this.entries.push(entry);
  }

  get size(): number {
    return this.entries.length;
  }

  at(index: number): AuditEntry | undefined {
    return this.entries.at(index);
  }

  all(): readonly AuditEntry[] {
    return this.entries;
  }
}
