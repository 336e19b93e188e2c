import type { AuditEntry } from '../../model/AuditLog.ts';
import type { EvictionMode } from '../../model/Outcome.ts';
import type { Fact } from '../Clause.ts';

const answered = (step: number, shape: unknown): Fact => ({ kind: 'answered', step, shape });

/** A past step that did something to one span, with the fact that shows the system did it too. */
export interface Event {
  readonly step: number;
  readonly fact: Fact;
}

/**
 * The audit-log entry of `step`, found by bisection: entries are recorded in step order, one per applied
 * operation (a step whose operation threw has none), so this is O(log steps) where a scan was O(steps).
 */
export function entryAt(entries: readonly AuditEntry[], step: number): AuditEntry | undefined {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const entry = entries[mid] as AuditEntry;
    if (entry.step === step) return entry;
    if (entry.step < step) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/**
 * Questions about what happened to a span before the current step, answered from the reference's audit log.
 * The reference adopts every choice the system makes, and a run stops (or is cut short) when they part, so every
 * past state-changing step in the log is one the system answered the same way: each event carries the fact
 * about the system's own answer that shows it. O(steps) per question; asked only to explain a finding.
 */
export class History {
  private readonly entries: readonly AuditEntry[];

  /** `entries`: the audit log; only steps before `current` are history. */
  constructor(entries: readonly AuditEntry[], readonly current: number) {
    this.entries = entries.filter((e) => e.step < current);
  }

  /** The step that appended or summarized `id`. */
  created(id: string): (Event & { readonly by: 'append' | 'summarize' }) | undefined {
    for (const { step, operation: op, outcome } of this.entries) {
      if (op.kind === 'append' && op.span.id === id && outcome.kind === 'appended') return { step, by: 'append', fact: answered(step, { kind: 'appended', spanId: id }) };
      if (op.kind === 'summarize' && op.summaryId === id && outcome.kind === 'summarized') return { step, by: 'summarize', fact: answered(step, { kind: 'summarized', summaryId: id }) };
    }
    return undefined;
  }

  /** The last step that evicted `id` (a prune or a compaction), and how. */
  lastEviction(id: string): (Event & { readonly mode: EvictionMode }) | undefined {
    return this.last((step, e) => {
      if (e.outcome.kind === 'evicted' && e.outcome.spanId === id) return { step, mode: e.outcome.mode, fact: answered(step, { kind: 'evicted', spanId: id, mode: e.outcome.mode }) };
      if (e.outcome.kind !== 'compacted') return undefined;
      const entry = e.outcome.evicted.find((x) => x.spanId === id);
      return entry === undefined ? undefined : { step, mode: entry.mode, fact: answered(step, { kind: 'compacted', evicted: [{ spanId: id, mode: entry.mode }] }) };
    });
  }

  /** The last step that restored `id`. */
  lastRestore(id: string): Event | undefined {
    return this.last((step, e) => (e.outcome.kind === 'restored' && e.outcome.spanId === id ? { step, fact: answered(step, { kind: 'restored', spanId: id }) } : undefined));
  }

  /** The last step that copied `id` to the backing store (an append with `persist`, or a `persist`). */
  lastCopy(id: string): Event | undefined {
    return this.last((step, e) => {
      if (e.operation.kind === 'append' && e.operation.span.id === id && e.operation.span.persist === true && e.outcome.kind === 'appended') {
        return { step, fact: { kind: 'asked', step, shape: { kind: 'append', span: { id, persist: true } } } };
      }
      return e.outcome.kind === 'persisted' && e.outcome.spanId === id ? { step, fact: answered(step, { kind: 'persisted', spanId: id }) } : undefined;
    });
  }

  /** The first rotation after `after` that expired a copy of `id`. */
  expiredAfter(id: string, after: number): Event | undefined {
    return this.first(after, (step, e) => (e.outcome.kind === 'rotated' && e.outcome.expired.includes(id) ? { step, fact: answered(step, { kind: 'rotated', expired: [id] }) } : undefined));
  }

  /** The first overwrite of `id`'s backing copies after `after`. */
  overwrittenAfter(id: string, after: number): Event | undefined {
    return this.first(after, (step, e) => (e.outcome.kind === 'overwritten' && e.outcome.spanId === id ? { step, fact: answered(step, { kind: 'overwritten', spanId: id }) } : undefined));
  }

  /** The last overwrite of `id`'s backing copies. */
  lastOverwrite(id: string): Event | undefined {
    return this.last((step, e) => (e.outcome.kind === 'overwritten' && e.outcome.spanId === id ? { step, fact: answered(step, { kind: 'overwritten', spanId: id }) } : undefined));
  }

  /** The last edit of `id` after `after`. */
  lastEditAfter(id: string, after: number): Event | undefined {
    const found = this.last((step, e) => (e.outcome.kind === 'edited' && e.outcome.spanId === id ? { step, fact: answered(step, { kind: 'edited', spanId: id }) } : undefined));
    return found !== undefined && found.step > after ? found : undefined;
  }

  /** The first re-frame after `after`. */
  reframeAfter(after: number): Event | undefined {
    return this.first(after, (step, e) => (e.outcome.kind === 'reframed' ? { step, fact: answered(step, { kind: 'reframed' }) } : undefined));
  }

  /** Where `id`'s current derivation was declared: its append, or the last re-frame that re-declared it. */
  derivationDeclared(id: string): Event | undefined {
    const redeclared = this.last((step, e) => (e.outcome.kind === 'reframed' && e.outcome.derivable.includes(id) ? { step, fact: answered(step, { kind: 'reframed', derivable: [id] }) } : undefined));
    return redeclared ?? this.created(id);
  }

  /** The last re-frame that floored `id`. */
  flooredBy(id: string): Event | undefined {
    return this.last((step, e) => (e.outcome.kind === 'reframed' && e.outcome.floored.includes(id) ? { step, fact: answered(step, { kind: 'reframed', floored: [id] }) } : undefined));
  }

  /** A fact that no step after `after` and before the current one answered `shape`. */
  neverSince(after: number, shape: unknown): Fact {
    return { kind: 'never-answered', from: after + 1, to: this.current - 1, shape };
  }

  private last<T>(pick: (step: number, entry: AuditEntry) => T | undefined): T | undefined {
    for (let i = this.entries.length - 1; i >= 0; i -= 1) {
      const entry = this.entries[i] as AuditEntry;
      const found = pick(entry.step, entry);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  private first<T>(after: number, pick: (step: number, entry: AuditEntry) => T | undefined): T | undefined {
    for (const entry of this.entries) {
      if (entry.step <= after) continue;
      const found = pick(entry.step, entry);
      if (found !== undefined) return found;
    }
    return undefined;
  }
}
