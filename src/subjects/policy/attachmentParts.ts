import type { PolicyAttachment } from '../../adapters/policy/PolicyMessage.ts';

/**
 * Attachments (spec/SPEC.md INV-34) as each library's user-message content carries them, and back: LangChain's
 * standard image and file blocks (`metadata.filename` holds the name), the AI SDK's image and file parts (an
 * image part has no file name, so the adapter's own `providerOptions.prunecheck` carries it), LlamaIndex's
 * `image` and `file` details (no name at all: the adapter knows each part by its bytes).
 */
type Block = { type?: unknown; data?: unknown; mimeType?: unknown; metadata?: { filename?: unknown } };

export function toLangChainBlocks(attachments: readonly PolicyAttachment[]): { type: 'image' | 'file'; mimeType: string; data: string; metadata: { filename: string } }[] {
  return attachments.map((a) => ({ type: a.kind, mimeType: a.mediaType, data: a.data, metadata: { filename: a.name } }));
}

/** The attachments among LangChain content blocks; a block that is not a named base64 image or file is not one. */
export function fromLangChainBlocks(blocks: readonly Block[]): PolicyAttachment[] {
  return blocks.flatMap((b) =>
    (b.type === 'image' || b.type === 'file') && typeof b.data === 'string' && typeof b.mimeType === 'string' && typeof b.metadata?.filename === 'string'
      ? [{ kind: b.type, name: b.metadata.filename, mediaType: b.mimeType, data: b.data }]
      : [],
  );
}

export type AiAttachmentPart =
  | { type: 'image'; image: string; mediaType: string; providerOptions: { prunecheck: { name: string } } }
  | { type: 'file'; data: string; mediaType: string; filename: string };

export function toAiParts(attachments: readonly PolicyAttachment[]): AiAttachmentPart[] {
  return attachments.map((a) => (a.kind === 'image' ? { type: 'image', image: a.data, mediaType: a.mediaType, providerOptions: { prunecheck: { name: a.name } } } : { type: 'file', data: a.data, mediaType: a.mediaType, filename: a.name }));
}

type AiPart = { type: string; image?: unknown; data?: unknown; mediaType?: unknown; filename?: unknown; providerOptions?: Record<string, unknown> };

export function fromAiParts(parts: readonly AiPart[]): PolicyAttachment[] {
  return parts.flatMap((p): PolicyAttachment[] => {
    if (p.type === 'image' && typeof p.image === 'string') {
      const name = (p.providerOptions?.['prunecheck'] as { name?: unknown } | undefined)?.name;
      return [{ kind: 'image', name: typeof name === 'string' ? name : '(unnamed image)', mediaType: typeof p.mediaType === 'string' ? p.mediaType : '', data: p.image }];
    }
    if (p.type === 'file' && typeof p.data === 'string' && typeof p.mediaType === 'string') return [{ kind: 'file', name: typeof p.filename === 'string' ? p.filename : '(unnamed file)', mediaType: p.mediaType, data: p.data }];
    return [];
  });
}

export function toLlamaDetails(attachments: readonly PolicyAttachment[]): { type: 'image' | 'file'; data: string; mimeType: string }[] {
  return attachments.map((a) => ({ type: a.kind, data: a.data, mimeType: a.mediaType }));
}

/** LlamaIndex details back to attachments, named by the part of the same bytes the adapter gave the library. */
export function fromLlamaDetails(details: readonly Block[], given: ReadonlyMap<string, PolicyAttachment>): PolicyAttachment[] {
  return details.flatMap((d) => ((d.type === 'image' || d.type === 'file') && typeof d.data === 'string' ? [given.get(d.data) ?? { kind: d.type, name: '(unnamed part)', mediaType: typeof d.mimeType === 'string' ? d.mimeType : '', data: d.data }] : []));
}
