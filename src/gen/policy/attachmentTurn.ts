import { createHash } from 'node:crypto';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';

/** The first bytes of a PNG and of a PDF: the attachments look like what they say they are. */
const MAGIC = { image: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), file: Buffer.from('%PDF-1.4\n') } as const;

/**
 * The user message of an `attachment` turn at position n (spec/SPEC.md INV-34): a screenshot pasted, or a file
 * attached, with text that refers to it without naming it, as users write ("see the attached screenshot"). The
 * part's name (`checkout-(n+1).png`, `invoice-(n+1).pdf`) is in no text, so only the part or a marker names it.
 */
export function attachmentMessage(what: 'image' | 'file', n: number, customer: string): Omit<Extract<PolicyMessage, { role: 'user' }>, 'id'> {
  const body = Buffer.concat([MAGIC[what], createHash('sha256').update(`${what}-${n}`).digest()]).toString('base64');
  if (what === 'image') {
    return {
      role: 'user',
      content: `Here is a screenshot of the failed checkout for ${customer} (ticket T-${n + 2}); the error code is in the attached image.`,
      attachments: [{ kind: 'image', name: `checkout-${n + 1}.png`, mediaType: 'image/png', data: body }],
    };
  }
  return {
    role: 'user',
    content: `Attached is the invoice for order #${2001 + n} for ${customer}; check the refund amount against its total.`,
    attachments: [{ kind: 'file', name: `invoice-${n + 1}.pdf`, mediaType: 'application/pdf', data: body }],
  };
}
