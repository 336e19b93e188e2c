import { createHash } from 'node:crypto';

/** sha256 of the UTF-8 bytes of `content`, as lowercase hex: the digest tombstones carry (INV-01, INV-02). */
export function digest(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}
