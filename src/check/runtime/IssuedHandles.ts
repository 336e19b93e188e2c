/** A step at which the system issued a backing-copy handle for a span, and the kind of answer that carried it. */
export interface Issue {
  /** 1-based step. */
  readonly step: number;
  readonly kind: 'appended' | 'persisted';
}

/**
 * The handles the system issued for each span (the `appended` and `persisted` answers that carried one), the
 * latest per span and handle: the staleness check of an eviction asks which copy a marker's handle names, and
 * asks it of this index in O(1) where a scan of every earlier answer grew with the episode.
 */
export class IssuedHandles {
  private readonly latest = new Map<string, Issue>();

  /** Notes the system's answer at `step` (1-based), whatever it is: only answers that issue a handle count. */
  note(step: number, answer: unknown): void {
    const o = answer as { kind?: unknown; spanId?: unknown; handle?: unknown } | undefined;
    if ((o?.kind !== 'appended' && o?.kind !== 'persisted') || typeof o.spanId !== 'string' || typeof o.handle !== 'string') return;
    this.latest.set(key(o.spanId, o.handle), { step, kind: o.kind });
  }

  /** The last step before now at which the system issued `handle` for `id`. */
  last(id: string, handle: string): Issue | undefined {
    return this.latest.get(key(id, handle));
  }
}

// Span ids and handles are arbitrary strings: a separator no JSON-safe id is likely to hold keeps pairs apart, and
// the length prefix makes the key unambiguous whatever they hold.
const key = (id: string, handle: string): string => `${id.length}:${id}\u0000${handle}`;
