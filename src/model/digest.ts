import { hash } from 'node:crypto';

/**
 * The digests computed lately, by content: a check runs two runtimes in lock-step (the system and the reference),
 * and both hash the very same strings, so the second asks for a digest the first just computed. Cleared when full.
 */
const recent = new Map<string, string>();
const RECENT_MAX = 4_096;

/**
 * sha256 of the UTF-8 bytes of `content`, as lowercase hex: the digest tombstones carry (INV-01, INV-02). One
 * call (`crypto.hash`), no hash object: for span-sized content the object costs as much as the hashing.
 */
export function digest(content: string): string {
  let known = recent.get(content);
  if (known === undefined) {
    if (recent.size >= RECENT_MAX) recent.clear();
    known = hash('sha256', content, 'hex');
    recent.set(content, known);
  }
  return known;
}
