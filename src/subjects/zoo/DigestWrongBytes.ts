import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { EvictionMode } from '../../model/Outcome.ts';
import type { Span } from '../../model/Span.ts';
import type { Tombstone } from '../../model/Tombstone.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/** How many leading UTF-16 code units the broken fingerprint covers. */
export const FINGERPRINT_CHARS = 16;

/**
 * Breaks INV-01. For speed, tombstones carry a "fingerprint": the sha256 of the first 16 characters of the
 * evicted content, not of all of it. The runtime is self-consistent (its change check compares fingerprint
 * with fingerprint), so spans of up to 16 characters behave exactly as in the reference; for longer ones the
 * tombstone's digest is not the digest of the evicted bytes.
 */
export class DigestWrongBytes extends ReferenceRuntime {
  private fingerprint(span: Span): string {
    return this.digestOf(span.content.slice(0, FINGERPRINT_CHARS));
  }

  protected override tombstoneFor(span: Span, mode: EvictionMode, handle: string | undefined): Tombstone {
    return { ...super.tombstoneFor(span, mode, handle), digest: this.fingerprint(span) };
  }

  override contentChanged(span: Span): boolean {
    const previous = this.tombstones.get(span.id);
    return previous !== undefined && previous.digest !== this.fingerprint(span);
  }
}

export const digestWrongBytes = runtimeAdapter(
  'digest-wrong-bytes',
  'Breaks INV-01: tombstone digests hash only the first 16 characters of the evicted content',
  (config) => new DigestWrongBytes(config),
);
