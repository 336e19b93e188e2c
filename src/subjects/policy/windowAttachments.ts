import { attachmentMarker } from '../../adapters/policy/attachments.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';

/** What happens to the attachments of the old user messages a window pruner keeps (spec/SPEC.md INV-34). */
export interface AttachmentOutcome {
  /** The kept messages, with their attachments taken off when `strip`. */
  readonly kept: PolicyMessage[];
  /** The originals whose attachments were taken off, for the archive. */
  readonly stripped: PolicyMessage[];
  /** One marker line per attachment taken off, when `mark`. */
  readonly markers: string[];
}

/**
 * Takes the image and file parts off old user messages, as a pruner does that flattens what it keeps to text:
 * with `mark`, a marker line names each part (the summary carries it); without, nothing does (the defect of
 * open-webui/open-webui#29747).
 */
export function stripAttachments(kept: readonly PolicyMessage[], mark: boolean): AttachmentOutcome {
  const stripped = kept.filter((m) => m.role === 'user' && (m.attachments ?? []).length > 0);
  const markers = mark ? stripped.flatMap((m) => (m.role === 'user' ? (m.attachments ?? []).map((a) => attachmentMarker(a, m.id)) : [])) : [];
  const plain = (m: PolicyMessage): PolicyMessage => {
    if (m.role !== 'user') return m;
    const { attachments: _gone, ...rest } = m;
    return rest;
  };
  return { kept: kept.map((m) => (stripped.includes(m) ? plain(m) : m)), stripped, markers };
}
