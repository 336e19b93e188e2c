import { hash } from 'node:crypto';

/**
 * sha256 of the UTF-8 bytes of `content`, as lowercase hex: the digest tombstones carry (INV-01, INV-02). One
 * call (`crypto.hash`), no hash object: for span-sized content the object costs as much as the hashing.
 */
export function digest(content: string): string {
  return hash('sha256', content, 'hex');
}
