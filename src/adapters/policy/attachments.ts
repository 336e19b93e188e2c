import type { PolicyAttachment, PolicyMessage } from './PolicyMessage.ts';

/** One attachment of the history and the message that carried it (spec/SPEC.md INV-34). */
export interface AttachedPart {
  readonly attachment: PolicyAttachment;
  readonly message: PolicyMessage;
}

/** Every attachment the user messages among `messages` carry, one per name, first occurrence kept. */
export function attachmentsIn(messages: readonly PolicyMessage[]): AttachedPart[] {
  const seen = new Set<string>();
  return messages.flatMap((message) =>
    message.role === 'user' ? (message.attachments ?? []).filter((a) => !seen.has(a.name) && seen.add(a.name) !== undefined).map((attachment) => ({ attachment, message })) : [],
  );
}

/** `message` carries `attachment` itself: the same name, media type and bytes. */
export function carries(message: PolicyMessage, attachment: PolicyAttachment): boolean {
  return message.role === 'user' && (message.attachments ?? []).some((a) => a.name === attachment.name && a.mediaType === attachment.mediaType && a.data === attachment.data);
}

/** The marker prunecheck's own pruners write for an attachment that left the list; any text naming it would do. */
export function attachmentMarker(a: PolicyAttachment, from: string | undefined): string {
  return `[${a.kind} ${a.name} (${a.mediaType}) of ${from ?? 'a user message'} removed from the list; archived]`;
}
